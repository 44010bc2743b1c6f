-- The admin's counts (F17) and the shared page size (F16). The counts are taken from the tables
-- when an admin reads them, so they can never drift from the data they count; counters of areas
-- the centre does not run yet (scheduled tasks, WhatsApp numbers, feedback) are not reported.
-- The page size of every admin list (F16): the centre's setting, 15 until an admin chooses.
create or replace function app.page_size() returns integer
language sql stable set search_path = ''
as $$
  select coalesce((select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15);
$$;
grant execute on function app.page_size() to authenticated;

create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the centre''s counts' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'paginationLimit', app.page_size(),
    'members', (
      select jsonb_build_object(
        'memberCount', count(*),
        'guardians', count(*) filter (where m.role = 'guardian'),
        'students', count(*) filter (where m.role = 'student'),
        'facilitators', count(*) filter (where m.role = 'facilitator' or m.extra = 'pf'),
        'administration', count(*) filter (where m.role in ('administration', 'admission', 'admin')),
        'members', count(*) filter (where m.role = 'member'),
        'blocked', count(*) filter (where m.status = 'blocked'))
        from public.members m),
    'accounts', (
      select jsonb_build_object(
        'users', count(*),
        'unverified', count(*) filter (where u.email_confirmed_at is null))
        from auth.users u where u.deleted_at is null),
    'facilitatorsAll', (select count(*) from public.facilitators),
    'functionErrors', (select count(*) from public.system_errors e where e.dismissed_at is null),
    'systemWarnings', (select count(*) from public.system_warnings w where w.dismissed_at is null),
    'backendEmails', (select count(*) from public.email_outbox),
    'emailsFailed', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'emailTypes', (
      select jsonb_object_agg(t.type, (select count(*) from public.email_outbox o
                                        where o.email_type = t.type))
        from unnest(array['Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt',
                          'Webmail', 'Members', 'Contribution Receipt']) as t(type))
  );
end;
$$;
revoke execute on function public.admin_overview() from public;
grant execute on function public.admin_overview() to authenticated;

-- Sets the page size of every admin list (F16), the same for every admin.
create or replace function public.admin_set_page_size(page_size integer) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can change the page size' using errcode = '42501';
  end if;
  if page_size is null or page_size not between 5 and 100 then
    raise exception 'The page size is a whole number from 5 to 100' using errcode = '22023';
  end if;
  update public.app_settings s set pagination_limit = page_size, updated_at = now()
   where s.id = 'shared';
  return jsonb_build_object('type', 'success', 'message', 'Page size updated',
                            'paginationLimit', page_size);
end;
$$;
revoke execute on function public.admin_set_page_size(integer) from public;
grant execute on function public.admin_set_page_size(integer) to authenticated;

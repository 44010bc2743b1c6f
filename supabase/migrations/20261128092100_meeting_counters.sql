-- The admin's counts (N12, F17) gain the parents' meetings and the events (field trips): every
-- one set up, archived ones included, as App/Data counted them. Events are the `gatherings` rows
-- of kind 'field_trip', counted by kind so the counter stands before and after trips exist.
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
    'scheduledTasks', (select count(*) from app.scheduled_tasks),
    'feedback', (select count(*) from public.feedback f where f.kind = 'student'),
    'feedbackReady', (select count(*) from public.feedback f where f.status = 'ready'),
    'meetings', (select count(*) from public.gatherings g where g.kind = 'meeting' and not g._deleted),
    'events', (select count(*) from public.gatherings g where g.kind = 'field_trip' and not g._deleted),
    'functionErrors', (select count(*) from public.system_errors e where e.dismissed_at is null),
    'systemWarnings', (select count(*) from public.system_warnings w where w.dismissed_at is null),
    'backendEmails', (select count(*) from public.email_outbox),
    'emailsFailed', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'emailsQueued', (select count(*) from public.email_outbox o where o.status in ('queued', 'sending')),
    'mailServer', (select t.configured from app.mail_transport t),
    'emailTypes', (
      select jsonb_object_agg(t.type, (select count(*) from public.email_outbox o
                                        where o.email_type = t.type))
        from unnest(array['Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt',
                          'Webmail', 'Members', 'Contribution Receipt',
                          'Payment Reminder']) as t(type))
  );
end;
$$;

revoke execute on function public.admin_overview() from public;

grant execute on function public.admin_overview() to authenticated;

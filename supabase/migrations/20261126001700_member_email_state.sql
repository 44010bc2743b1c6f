-- The admin member list shows whether each member's e-mail address is confirmed (the state the
-- sign-in account holds), next to blocked or not: "verified" in members.status only means "not
-- blocked", and showing it as the e-mail state misled admins.

-- Reads auth.users, so it runs as its owner; the admin check comes first, as before.
create or replace function public.admin_list_members(
  filter text default 'all',
  sort text default 'name',
  page_size integer default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size,
    (select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15), 1), 100);
  total bigint;
  rows jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can list members' using errcode = '42501';
  end if;
  if filter not in ('all', 'guardians', 'students', 'facilitators', 'administration', 'blocked') then
    raise exception 'Unknown filter: %', filter using errcode = '22023';
  end if;
  if sort not in ('name', 'newest', 'frequent') then
    raise exception 'Unknown sort: %', sort using errcode = '22023';
  end if;
  with chosen as (
    select m.* from public.members m
     where case filter
             when 'guardians' then m.role = 'guardian'
             when 'students' then m.role = 'student'
             when 'facilitators' then m.role = 'facilitator' or m.extra = 'pf'
             when 'administration' then m.role in ('administration', 'admission', 'admin')
             when 'blocked' then m.status = 'blocked'
             else true
           end
  )
  select (select count(*) from chosen),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select c.id, c.email, c.name, c.role, c.status, c.extra, c.created_at, c.last_activity,
                  c.signin_count, c.app_version,
                  -- null: no sign-in account (yet) for this member.
                  (select u.email_confirmed_at is not null from auth.users u where u.id = c.id)
                    as email_confirmed
             from chosen c
            order by case when sort = 'newest' then c.created_at end desc nulls last,
                     case when sort = 'frequent' then c.signin_count end desc nulls last,
                     lower(c.name), c.email
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows);
end;
$$;
grant execute on function public.admin_list_members(text, text, integer, integer) to authenticated;

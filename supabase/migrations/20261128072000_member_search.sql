-- The admin's member list takes a search (issue 40): a centre has hundreds of members over the
-- years, and the admin looks one up by name or e-mail. The list is read from the server (members
-- are not kept on the device), so the search runs here, within the filter and before the page.
-- The four-argument function is replaced, not overloaded, so a call by name finds one function.
drop function if exists public.admin_list_members(text, text, integer, integer);

create or replace function public.admin_list_members(
  filter text default 'all',
  sort text default 'name',
  page_size integer default null,
  page_offset integer default 0,
  search text default null
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size,
    (select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15), 1), 100);
  total bigint;
  rows jsonb;
  -- What the admin typed, word by word: each word must be in the member's name or e-mail.
  words text[] := array_remove(regexp_split_to_array(lower(btrim(coalesce(search, ''))), '\s+'), '');
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
       -- strpos, not like: what is typed is text, so '%' and '_' match only themselves.
       and (select bool_and(strpos(lower(m.name || ' ' || m.email), w) > 0)
              from unnest(words) w) is not false
  )
  select (select count(*) from chosen),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select c.id, c.email, c.name, c.role, c.status, c.extra, c.created_at, c.last_activity,
                  c.signin_count, c.app_version,
                  -- null: no sign-in account (yet) for this member.
                  (select u.email_confirmed_at is not null from auth.users u where u.id = c.id)
                    as email_confirmed,
                  c.email_sending or app.always_sends_email(c.id) as email_sending,
                  app.always_sends_email(c.id) as email_sending_forced
             from chosen c
            order by case when sort = 'newest' then c.created_at end desc nulls last,
                     case when sort = 'frequent' then c.signin_count end desc nulls last,
                     lower(c.name), c.email
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows);
end;
$$;

grant execute on function public.admin_list_members(text, text, integer, integer, text) to authenticated;

-- The admin members screen (operations.md §2, §6): the member list with its filters, sorts and
-- pages, read online (admins need no offline copy of every account), and blocking.

-- One page of members and the total for the "1-15 of N" label (F13-F15). Filters: all,
-- guardians, students, facilitators, administration (administration, admission and admin: the
-- office and system staff, F03), blocked. Sorts: name, newest, frequent (sign-in count).
create or replace function public.admin_list_members(
  filter text default 'all',
  sort text default 'name',
  page_size integer default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security invoker set search_path = ''
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
         coalesce((select jsonb_agg(to_jsonb(p) - 'sync_scope') from (
           select c.id, c.email, c.name, c.role, c.status, c.extra, c.created_at, c.last_activity,
                  c.signin_count, c.app_version
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

-- Blocks or unblocks a member (F19): blocked members lose every right at their next request.
-- An admin cannot block themselves (they would lock the centre out of its admin tools).
create or replace function public.admin_set_member_status(member uuid, new_status text)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  changed public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can block or unblock members' using errcode = '42501';
  end if;
  if new_status not in ('verified', 'blocked') then
    raise exception 'A member is verified or blocked, not %', new_status using errcode = '22023';
  end if;
  if member = auth.uid() then
    raise exception 'You cannot block yourself' using errcode = 'P0001';
  end if;
  update public.members m set status = new_status where m.id = member returning * into changed;
  if changed.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  return jsonb_build_object('type', 'success', 'message', 'member status updated', 'status', changed.status);
end;
$$;
grant execute on function public.admin_set_member_status(uuid, text) to authenticated;

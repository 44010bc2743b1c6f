-- F28: an admin views a member's notifications and clears them, in the member notifications
-- dialog. Read online, like the rest of the dialog; clearing removes them as the member's own
-- "clear" does (a deletion every device of theirs hears of), read or not.

-- The member's notifications, newest first: the 50 newest and how many there are.
create or replace function public.admin_member_notification_list(member uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read a member''s notifications' using errcode = '42501';
  end if;
  if not exists (select 1 from public.members m where m.id = member) then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.reference r
               where r.kind = 'notification' and r.member_id = member and not r._deleted),
    'items', coalesce((select jsonb_agg(jsonb_build_object('id', n.id, 'title', n.data ->> 'title',
                                                           'action', n.data ->> 'action',
                                                           'date', n.data ->> 'date',
                                                           'isNew', (n.data -> 'isNew') = 'true'::jsonb)
                                        order by n.data ->> 'date' desc, n.id)
                         from (select r.id, r.data from public.reference r
                                where r.kind = 'notification' and r.member_id = member and not r._deleted
                                order by r.data ->> 'date' desc, r.id
                                limit 50) n), '[]'::jsonb));
end;
$$;

revoke execute on function public.admin_member_notification_list(uuid) from public, anon;

grant execute on function public.admin_member_notification_list(uuid) to authenticated;

-- Clears every notification of a member (admins only).
create or replace function public.admin_clear_member_notifications(member uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can clear a member''s notifications' using errcode = '42501';
  end if;
  if not exists (select 1 from public.members m where m.id = member) then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  update public.reference r set _deleted = true
   where r.kind = 'notification' and r.member_id = member and not r._deleted;
  get diagnostics n = row_count;
  return jsonb_build_object('type', 'success', 'cleared', n,
                            'message', case when n = 0 then 'There were no notifications to clear'
                                            when n = 1 then '1 notification cleared'
                                            else format('%s notifications cleared', n) end);
end;
$$;

revoke execute on function public.admin_clear_member_notifications(uuid) from public, anon;

grant execute on function public.admin_clear_member_notifications(uuid) to authenticated;

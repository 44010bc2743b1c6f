-- Deleting a member (operations.md §2, §7 deleteMember; F21). The account goes with its member
-- record and sign-in history; what names the person keeps its place without the link: their
-- facilitator record waits for a sign-up again, their family contact can be connected again.
create or replace function public.admin_delete_member(member uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can delete members' using errcode = '42501';
  end if;
  if admin_delete_member.member = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = 'P0001';
  end if;
  select * into m from public.members x where x.id = admin_delete_member.member;
  if m.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  update public.facilitators f set status = 'authPending', auth_uid = null where f.auth_uid = m.id;
  update public.family_contacts c set member_id = null, connected_at = null where c.member_id = m.id;
  delete from auth.users u where u.id = m.id;
  return jsonb_build_object('type', 'success', 'message', 'Member deleted');
end;
$$;
revoke execute on function public.admin_delete_member(uuid) from public, anon;
grant execute on function public.admin_delete_member(uuid) to authenticated;

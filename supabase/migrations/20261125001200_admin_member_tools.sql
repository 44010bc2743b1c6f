-- The admin's member tools beyond blocking (operations.md §2, §4, §6): a member's latest sign-ins
-- (F29) and adding or removing a member as facilitator (F23).

-- The latest 20 sign-ins of a member, newest first, for the login history dialog.
create or replace function public.admin_login_history(member uuid) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read sign-in histories' using errcode = '42501';
  end if;
  return coalesce((select jsonb_agg(to_jsonb(h)) from (
    select l.at, l.app_version, l.user_agent, l.ip
      from public.login_history l
     where l.member_id = admin_login_history.member
     order by l.at desc
     limit 20) h), '[]'::jsonb);
end;
$$;
grant execute on function public.admin_login_history(uuid) to authenticated;

-- Adds a member as facilitator, or removes them (F23). Adding links the member to their
-- facilitator record (the one already linked to their account, else a pending one with their
-- address, else a new one), marks it active and gives them facilitator rights: a member without
-- a role becomes a facilitator, a guardian becomes a parent facilitator. Removing takes the
-- rights back and keeps the record, which their lessons still name.
create or replace function public.admin_set_facilitator(member uuid, make boolean) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  m public.members;
  fid text;
begin
  if not app.is_admin() then
    raise exception 'Only admins can add or remove facilitators' using errcode = '42501';
  end if;
  select * into m from public.members x where x.id = admin_set_facilitator.member for update;
  if m.id is null then
    raise exception 'No such member' using errcode = 'P0002';
  end if;
  if make then
    if m.role not in ('member', 'guardian', 'facilitator') then
      raise exception 'Only members without a role and guardians can be made facilitators.'
        using errcode = 'P0001';
    end if;
    select f.id into fid from public.facilitators f where f.auth_uid = m.id and not f._deleted;
    if fid is null then
      select f.id into fid from public.facilitators f
       where f.email = m.email and f.auth_uid is null and not f._deleted;
    end if;
    if fid is null then
      insert into public.facilitators (id, name, email, status, auth_uid)
      values (gen_random_uuid()::text, coalesce(nullif(m.name, ''), m.email), m.email, 'active', m.id)
      returning id into fid;
    else
      update public.facilitators f set status = 'active', auth_uid = m.id where f.id = fid;
    end if;
    update public.members x
       set is_facilitator = true,
           facilitator_id = fid,
           role = case when x.role = 'member' then 'facilitator' else x.role end,
           extra = case when x.role = 'guardian' then 'pf' else x.extra end
     where x.id = m.id;
  else
    update public.members x
       set is_facilitator = false,
           facilitator_id = null,
           role = case when x.role = 'facilitator' then 'member' else x.role end,
           extra = case when x.extra in ('pf', 'admin') then null else x.extra end
     where x.id = m.id;
  end if;
  return jsonb_build_object('type', 'success', 'message', 'Facilitator list updated',
                            'facilitatorId', fid);
end;
$$;
grant execute on function public.admin_set_facilitator(uuid, boolean) to authenticated;

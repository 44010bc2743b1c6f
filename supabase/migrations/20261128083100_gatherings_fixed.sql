-- Who a meeting and its answers reach is fixed when it is made: its kind, groups and families,
-- and a participant's family and account stay as they were, for the server too (so no device
-- holds a row it may no longer read).
create or replace function app.gatherings_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  server boolean := auth.uid() is null or coalesce(current_setting('app.gathering_server', true), '') = 'on';
  g text;
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    new.created_by := old.created_by;
    if (new.kind, new.meeting_id, new.group_ids, new.family_id, new.family_ids, new.member_id)
       is distinct from (old.kind, old.meeting_id, old.group_ids, old.family_id, old.family_ids, old.member_id) then
      raise exception 'A meeting keeps the groups and families it invited: archive it and make another.'
        using errcode = 'P0001';
    end if;
    if server then
      return new;
    end if;
    new.delivery := old.delivery;
    new.delivery_reason := old.delivery_reason;
    if new.kind = 'participant' then
      -- A guardian answers; nothing else of the invitation is theirs to change.
      new.data := old.data;
      if new.status is distinct from old.status and new.status not in ('accepted', 'rejected') then
        raise exception 'An answer is "I''ll come" or "I can''t come".' using errcode = 'P0001';
      end if;
      if new.status is distinct from old.status
         and exists (select 1 from public.gatherings m where m.id = old.meeting_id and m.status = 'archived') then
        raise exception 'The meeting is archived: answers are closed.' using errcode = 'P0001';
      end if;
      return new;
    end if;
    if old.status = 'archived' and (new.status <> 'archived' or new.data is distinct from old.data) then
      raise exception 'An archived meeting stays as it was.' using errcode = 'P0001';
    end if;
    -- Whether invitations are out is the server's to say: a device's older word is not taken.
    if new.status <> 'archived' then
      new.status := old.status;
    end if;
    if old.status <> 'pending'
       and (new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime')
           is distinct from (old.data ->> 'date', old.data ->> 'startTime', old.data ->> 'endTime') then
      raise exception 'The invitations are out with this date and time: archive the meeting and make another.'
        using errcode = 'P0001';
    end if;
    return new;
  end if;

  new.created_at := now();
  new.created_by := auth.uid();
  if new.kind = 'participant' then
    if not server then
      raise exception 'The centre invites the participants of a meeting.' using errcode = '42501';
    end if;
    return new;
  end if;
  new.delivery := null;
  new.delivery_reason := null;
  if new.status <> 'pending' then
    raise exception 'A new meeting is pending until its invitations are out.' using errcode = 'P0001';
  end if;
  new.meeting_id := null;
  new.family_id := null;
  new.member_id := null;
  foreach g in array new.group_ids loop
    if not exists (select 1 from public.reference r where r.id = g and r.kind = 'group' and not r._deleted) then
      raise exception 'The group is not one of the centre''s groups.' using errcode = 'P0001';
    end if;
  end loop;
  select coalesce(array_agg(distinct s.family_id order by s.family_id), '{}') into new.family_ids
    from public.students s
   where s.group_id = any (new.group_ids) and s.status <> 'terminated' and not s._deleted;
  return new;
end;
$$;
revoke execute on function app.gatherings_guard() from public, anon, authenticated;

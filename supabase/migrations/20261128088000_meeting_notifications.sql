-- Notifications of parents' meetings (P08, N19): the server tells
--   a guardian of a new meeting, when it invites them (their participant row is made); and
--   whoever set the meeting up, and the facilitators of the groups the guardian's children are in,
--   when a guardian's answer becomes "I'll come" or "I can't come" (a WhatsApp button or the
--   guardian's own sync).
-- Through `app.notify`, so the member's switches hold and nobody hears of their own action.

-- Where a member sees a meeting's answers: the Meetings pane of their dashboard.
create or replace function app.meetings_pane_of(member uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select case when m.role = 'facilitator' then '/facilitators/dash?pane=meetings'
              when m.role in ('admin', 'administration', 'admission') then '/administration/dash?pane=meetings'
         end
    from public.members m where m.id = member
$$;

revoke execute on function app.meetings_pane_of(uuid) from public, anon, authenticated;

create or replace function app.notify_meeting_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meeting public.gatherings;
  who record;
  guardian text := coalesce(nullif(btrim(new.data ->> 'name'), ''), 'A guardian');
begin
  if new.kind <> 'participant' then
    return null;
  end if;
  select * into meeting from public.gatherings g where g.id = new.meeting_id and g.kind = 'meeting';
  if meeting.id is null or meeting.status = 'archived' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    -- The guardian's account, when they have one, hears of the meeting once.
    perform app.notify(new.member_id, 'meeting_added',
      format('Parents'' meeting: %s on %s, %s–%s', meeting.data ->> 'title', meeting.data ->> 'date',
             meeting.data ->> 'startTime', meeting.data ->> 'endTime'),
      '/parents/dash', 'parents', 'meeting:' || meeting.id);
    return null;
  end if;
  if new.status not in ('accepted', 'rejected') or new.status is not distinct from old.status then
    return null;
  end if;
  -- Whoever set the meeting up hears as office staff or as a facilitator (a parent facilitator too); the facilitators of the meeting's groups
  -- the guardian's children are in hear as facilitators. Each answer is a line of its own.
  for who in
    select m.id, case when m.role in ('admin', 'administration', 'admission') then 'administration'
                      else 'facilitator' end as audience
      from public.members m where m.id = meeting.created_by
    union
    select f.id, 'facilitator'
      from (select distinct s.group_id from public.students s
             where s.family_id = new.family_id and s.group_id = any (meeting.group_ids)
               and s.status <> 'terminated' and not s._deleted) g
     cross join lateral app.group_facilitator_members(g.group_id) f(id)
     where f.id is distinct from meeting.created_by
  loop
    perform app.notify(who.id, 'meeting_reply',
      format('%s %s %s (%s)', guardian,
             case when new.status = 'accepted' then 'will come to' else 'can''t come to' end,
             meeting.data ->> 'title', meeting.data ->> 'date'),
      coalesce(app.meetings_pane_of(who.id), '/facilitators/dash?pane=meetings'), who.audience,
      'meeting-reply:' || new.id || ':' || new.status || ':' || new.updated_at);
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_meeting_events() from public, anon, authenticated;

create trigger notify_meeting_events after insert or update of status on public.gatherings
  for each row execute function app.notify_meeting_events();

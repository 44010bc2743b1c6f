-- Parents' meetings in the families' calendars (N05, N11): an invitation by e-mail carries the
-- meeting as an iCalendar invite (`ics`, as the admission meeting's), and a meeting whose date or
-- times move, until it is archived, sends each guardian the new date: by e-mail an updated invite
-- with the same UID and a higher SEQUENCE, so the calendar moves the event; on WhatsApp the
-- invitation template again, with its two answers. Answers already given stay as they were: the
-- update asks the guardian to change theirs if the new date does not suit them.

set check_function_bodies = off;

-- The calendar invite of one guardian's invitation: one event per meeting (its UID), whose
-- SEQUENCE counts the moves. The organiser is the centre's first sender (the admissions office's
-- when it has one), else the centre's own address (sync/contract/centre-defaults.ts).
create or replace function app.meeting_calendar_invite(meeting public.gatherings, participant public.gatherings,
                                                      sequence integer) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('invite', jsonb_build_object(
    'uid', 'meeting-' || meeting.id || '@gatherings',
    'sequence', sequence,
    'title', 'Parents'' meeting: ' || (meeting.data ->> 'title'),
    'summary', left('Parents'' meeting: ' || (meeting.data ->> 'title'), 250),
    'description', coalesce(nullif(btrim(meeting.data ->> 'description'), ''), meeting.data ->> 'title'),
    'date', meeting.data ->> 'date',
    'start', meeting.data ->> 'startTime',
    'end', meeting.data ->> 'endTime',
    'timeZone', 'Asia/Kolkata',
    'organizer', coalesce(
      (select jsonb_build_object('name', s.display_name, 'email', s.address)
         from public.mail_senders s order by s.is_admissions_office desc, s.position, s.key limit 1),
      jsonb_build_object('name', 'Banyan Tree Learning Centre', 'email', 'hello@banyantree.school')),
    'attendees', jsonb_build_array(jsonb_build_object(
      'name', coalesce(nullif(participant.data ->> 'name', ''), participant.data ->> 'email'),
      'email', participant.data ->> 'email'))))
$$;
revoke execute on function app.meeting_calendar_invite(public.gatherings, public.gatherings, integer)
  from public, anon, authenticated;

-- The first invitation by e-mail (queued by app.meeting_invite) carries the invite, SEQUENCE 0.
create or replace function app.meeting_invitation_invite() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  participant public.gatherings;
  meeting public.gatherings;
begin
  if new.email_trigger is distinct from 'meetings.invitation' or new.id not like 'mi-mp-%'
     or jsonb_array_length(new.attachments) > 0 then
    return new;
  end if;
  select * into participant from public.gatherings p where p.id = substr(new.id, 4) and p.kind = 'participant';
  select * into meeting from public.gatherings m where m.id = participant.meeting_id and m.kind = 'meeting';
  if meeting.id is not null and coalesce(participant.data ->> 'email', '') like '%@%' then
    new.attachments := jsonb_build_array(app.meeting_calendar_invite(meeting, participant, 0));
  end if;
  return new;
end;
$$;
revoke execute on function app.meeting_invitation_invite() from public, anon, authenticated;
create trigger meeting_invitation_invite before insert on public.email_outbox
  for each row execute function app.meeting_invitation_invite();

-- A meeting moved (its date, start or end) tells every guardian invited, once per move.
create or replace function app.meeting_moved() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  p public.gatherings;
  sequence integer;
  when_text text := format('%s, %s–%s', new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime');
begin
  if new.kind <> 'meeting' or new.status = 'archived'
     or (new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime')
        is not distinct from (old.data ->> 'date', old.data ->> 'startTime', old.data ->> 'endTime') then
    return null;
  end if;
  perform set_config('app.gathering_server', 'on', true);
  for p in
    select * from public.gatherings g where g.meeting_id = new.id and g.kind = 'participant' order by g.id
  loop
    if p.data ->> 'channel' = 'email' and coalesce(p.data ->> 'email', '') like '%@%' then
      select count(*)::integer + 1 into sequence
        from public.email_outbox o where o.id like 'mu-' || p.id || '-%';
      insert into public.email_outbox (id, recipients, subject, html_body, attachments, email_trigger, triggered_by)
      values ('mu-' || p.id || '-' || sequence, array[p.data ->> 'email'],
              left(regexp_replace(format('Parents'' meeting moved: %s on %s', new.data ->> 'title', new.data ->> 'date'),
                                  '[[:cntrl:]]+', ' ', 'g'), 998),
              format('<p>Dear %s,</p><p>The parents'' meeting <strong>%s</strong> has moved: it is now on %s '
                     'from %s to %s.</p><p>The invite attached updates your calendar. If the new time does not '
                     'suit you, change your answer on the Home page of the centre''s app, or reply to this e-mail.</p>',
                     app.html_text(p.data ->> 'name'), app.html_text(new.data ->> 'title'),
                     new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime'),
              jsonb_build_array(app.meeting_calendar_invite(new, p, sequence)),
              'meetings.moved', auth.uid())
      on conflict (id) do nothing;
    elsif p.data ->> 'channel' = 'whatsapp'
          and exists (select 1 from public.whatsapp w where w.id = 'wa-' || (p.data ->> 'number')
                         and w.kind = 'number' and w.data ->> 'status' = 'Active' and not w._deleted) then
      select count(*)::integer + 1 into sequence
        from public.whatsapp w where w.id like 'mu-' || p.id || '-%';
      insert into public.whatsapp (id, kind, wa_id, data)
      values ('mu-' || p.id || '-' || sequence, 'message', p.data ->> 'number',
              jsonb_build_object('direction', 'out', 'mode', 'template',
                                 'body', 'Moved. ' || app.meeting_invitation_text(new),
                                 'template', 'meeting_invitation', 'participantId', p.id,
                                 'params', jsonb_build_array(coalesce(nullif(p.data ->> 'name', ''), 'Parent'),
                                                             new.data ->> 'title', when_text)))
      on conflict (id) do nothing;
    end if;
  end loop;
  perform set_config('app.gathering_server', '', true);
  return null;
end;
$$;
revoke execute on function app.meeting_moved() from public, anon, authenticated;
create trigger meeting_moved after update of data on public.gatherings
  for each row execute function app.meeting_moved();

-- Field trips in the families' calendars (issue 34): each guardian with an e-mail of a student who
-- takes part receives the trip as a whole-day event (UID trip-<id>@gatherings), and an update with
-- the next SEQUENCE when its dates move.

-- The invite of one guardian: one event per trip (its UID), whose SEQUENCE counts the moves this
-- guardian was told of. The organiser is as for a meeting.
create or replace function app.field_trip_calendar_invite(trip public.gatherings, name text, email text,
                                                         sequence integer) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('invite', jsonb_build_object(
    'uid', 'trip-' || trip.id || '@gatherings',
    'sequence', sequence,
    'title', 'Field trip: ' || (trip.data ->> 'title'),
    'summary', left('Field trip: ' || (trip.data ->> 'title'), 250),
    'description', coalesce(nullif(concat_ws(E'\n\n',
        nullif(btrim(trip.data ->> 'description'), ''),
        'Itinerary: ' || nullif(btrim(trip.data ->> 'itinerary'), ''),
        'Packing list: ' || nullif(btrim(trip.data ->> 'packingList'), '')), ''), trip.data ->> 'title'),
    'allDay', true,
    'date', trip.data ->> 'startDate',
    'endDate', trip.data ->> 'endDate',
    'timeZone', 'Asia/Kolkata',
    'organizer', coalesce(
      (select jsonb_build_object('name', s.display_name, 'email', s.address)
         from public.mail_senders s order by s.is_admissions_office desc, s.position, s.key limit 1),
      jsonb_build_object('name', 'Banyan Tree Learning Centre', 'email', 'hello@banyantree.school')),
    'attendees', jsonb_build_array(jsonb_build_object('name', coalesce(nullif(name, ''), email), 'email', email))))
$$;
revoke execute on function app.field_trip_calendar_invite(public.gatherings, text, text, integer)
  from public, anon, authenticated;

-- A trip made, its participants changed, or its dates moved: the guardians not yet invited get
-- the first invite (SEQUENCE 0); on a move, those already invited get the update.
create or replace function app.field_trip_calendar() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  guardian record;
  key text;
  sequence integer;
  moved boolean;
  days text;
begin
  if new.kind <> 'field_trip' or new.status = 'archived' then
    return null;
  end if;
  moved := tg_op = 'UPDATE' and (new.data ->> 'startDate', new.data ->> 'endDate')
                                 is distinct from (old.data ->> 'startDate', old.data ->> 'endDate');
  if tg_op = 'UPDATE' and not moved
     and (new.data -> 'studentIds') is not distinct from (old.data -> 'studentIds') then
    return null;
  end if;
  days := case when new.data ->> 'startDate' = new.data ->> 'endDate' then 'on ' || (new.data ->> 'startDate')
               else format('from %s to %s', new.data ->> 'startDate', new.data ->> 'endDate') end;
  for guardian in
    select distinct on (lower(g ->> 'email')) lower(g ->> 'email') as email,
           left(btrim(concat_ws(' ', g ->> 'firstName', g ->> 'lastName')), 200) as name,
           g ->> 'firstName' as first_name
      from public.students s
      join public.families f on f.id = s.family_id and not f._deleted
      cross join lateral jsonb_array_elements(coalesce(f.data -> 'guardians', '[]'::jsonb)) g
     where s.id in (select jsonb_array_elements_text(coalesce(new.data -> 'studentIds', '[]'::jsonb)))
       and s.status <> 'terminated' and not s._deleted
       and coalesce(g ->> 'email', '') like '%_@_%'
     order by lower(g ->> 'email'), s.id
  loop
    key := 'ft-' || md5(new.id || '/' || guardian.email);
    select count(*)::integer into sequence from public.email_outbox o where o.id like key || '-%';
    if sequence = 0 then
      insert into public.email_outbox (id, recipients, subject, html_body, attachments, email_trigger, triggered_by)
      values (key || '-0', array[guardian.email],
              left(regexp_replace(format('Field trip: %s %s', new.data ->> 'title', days), '[[:cntrl:]]+', ' ', 'g'), 998),
              format('<p>Dear %s,</p><p>Your child is going on the field trip <strong>%s</strong> %s.</p>'
                     '<p>The invite attached puts it in your calendar; the itinerary, the packing list and '
                     'the fee are on the Home page of the centre''s app.</p>',
                     app.html_text(coalesce(nullif(guardian.first_name, ''), 'parent')),
                     app.html_text(new.data ->> 'title'), days),
              jsonb_build_array(app.field_trip_calendar_invite(new, guardian.name, guardian.email, 0)),
              'field_trips.invitation', auth.uid())
      on conflict (id) do nothing;
    elsif moved then
      insert into public.email_outbox (id, recipients, subject, html_body, attachments, email_trigger, triggered_by)
      values (key || '-' || sequence, array[guardian.email],
              left(regexp_replace(format('Field trip moved: %s, now %s', new.data ->> 'title', days), '[[:cntrl:]]+', ' ', 'g'), 998),
              format('<p>Dear %s,</p><p>The field trip <strong>%s</strong> has moved: it is now %s.</p>'
                     '<p>The invite attached updates your calendar.</p>',
                     app.html_text(coalesce(nullif(guardian.first_name, ''), 'parent')),
                     app.html_text(new.data ->> 'title'), days),
              jsonb_build_array(app.field_trip_calendar_invite(new, guardian.name, guardian.email, sequence)),
              'field_trips.moved', auth.uid())
      on conflict (id) do nothing;
    end if;
  end loop;
  return null;
end;
$$;
revoke execute on function app.field_trip_calendar() from public, anon, authenticated;
drop trigger if exists field_trip_calendar on public.gatherings;
create trigger field_trip_calendar after insert or update of data on public.gatherings
  for each row execute function app.field_trip_calendar();

-- Field trips in the families' calendars (issue 34; N13, N20): each guardian with an e-mail
-- address of a student who takes part in a trip receives the trip as an iCalendar invite (`ics`,
-- as a parents' meeting's), a whole-day event over the trip's days, UID trip-<id>@gatherings.
-- When the trip's dates move, until it is archived, each of them receives the same event again
-- with the next SEQUENCE, so the calendar moves it; a guardian whose child joins later receives
-- the first invite then. One guardian with one address receives one invite however many of
-- their children go.

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

-- Parents' meetings (operations.md §3 "Meetings and events", §4 "Meetings"; N01–N12, N17–N19).
-- One replicated table `gatherings` with two kinds of row:
--   meeting      what staff or a facilitator set up: data {title, date, startTime, endTime,
--                description}, the groups invited (group_ids), status pending → sent → archived
--   participant  one guardian of a family with a child in those groups, made by the server when
--                the meeting arrives: data {name, number, email, channel, groupId}, status
--                pending → sent → accepted | rejected, and what became of the invitation
--                (delivery: queued, sent, delivered, read, failed, with the reason)
-- The invitation goes out once, by the server: on WhatsApp (an approved template with two quick
-- replies, "I'll come" / "I can't come") through the WhatsApp outbox, or by e-mail to a guardian
-- without a WhatsApp number. A button pressed on WhatsApp (the webhook) or an answer given on the
-- parent's Home sets the participant's status. A guardian reads the meetings their family is
-- invited to and their family's participants, never another family's answers.
-- Field trips (§3, §4 "Events", §7; N13–N16, N20) are rows of kind 'field_trip': data {title,
-- description, itinerary, packingList, fee, startDate, endDate, academicYear, studentIds,
-- facilitatorIds, parents}, for the groups in group_ids; pending, then archived; a guardian reads
-- those of their children's groups until archived.
-- See sync/contract/collections/gatherings.ts for the shape of `data`.

create table public.gatherings (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  meeting_id text check (length(meeting_id) between 1 and 64),
  group_ids text[] not null default '{}',
  family_id text,
  family_ids text[] not null default '{}',
  member_id uuid,
  status text not null default 'pending',
  data jsonb not null,
  delivery text,
  delivery_reason text,
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint gatherings_kind_known check (kind in ('meeting', 'participant', 'field_trip')),
  constraint gatherings_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint gatherings_status_known check (
    (kind = 'meeting' and status in ('pending', 'sent', 'archived'))
    or (kind = 'participant' and status in ('pending', 'sent', 'accepted', 'rejected'))
    or (kind = 'field_trip' and status in ('pending', 'archived'))),
  constraint gatherings_participant_has_meeting check ((kind = 'participant') = (meeting_id is not null)),
  constraint gatherings_meeting_has_groups check (
    kind <> 'meeting' or cardinality(group_ids) between 1 and 50),
  constraint gatherings_meeting_has_title check (
    kind <> 'meeting' or length(btrim(coalesce(data ->> 'title', ''))) between 1 and 200),
  constraint gatherings_meeting_has_date check (
    kind <> 'meeting' or coalesce(data ->> 'date', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  constraint gatherings_meeting_times check (
    kind <> 'meeting' or (coalesce(data ->> 'startTime', '') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
                          and coalesce(data ->> 'endTime', '') ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
                          and data ->> 'startTime' < data ->> 'endTime')),
  constraint gatherings_meeting_description_length check (
    kind <> 'meeting' or length(coalesce(data ->> 'description', '')) <= 2000),
  constraint gatherings_delivery_known check (
    delivery is null or delivery in ('queued', 'sent', 'delivered', 'read', 'failed')),
  constraint gatherings_trip_has_groups check (
    kind <> 'field_trip' or cardinality(group_ids) between 1 and 50),
  constraint gatherings_trip_has_title check (
    kind <> 'field_trip' or length(btrim(coalesce(data ->> 'title', ''))) between 1 and 200),
  constraint gatherings_trip_dates check (
    kind <> 'field_trip' or (coalesce(data ->> 'startDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                             and coalesce(data ->> 'endDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                             and data ->> 'startDate' <= data ->> 'endDate')),
  constraint gatherings_trip_fee check (
    kind <> 'field_trip' or (jsonb_typeof(data -> 'fee') = 'number'
                             and (data ->> 'fee')::numeric between 0 and 1000000
                             and (data ->> 'fee')::numeric = trunc((data ->> 'fee')::numeric))),
  constraint gatherings_trip_texts check (
    kind <> 'field_trip' or (length(coalesce(data ->> 'description', '')) <= 4000
                             and length(coalesce(data ->> 'itinerary', '')) <= 4000
                             and length(coalesce(data ->> 'packingList', '')) <= 4000))
);
comment on table public.gatherings is
  'Parents'' meetings and the guardians invited to each, with the answer each gave, and field trips.';
comment on constraint gatherings_meeting_has_groups on public.gatherings is
  'A meeting invites the guardians of at least one group.';
comment on constraint gatherings_meeting_has_title on public.gatherings is
  'A meeting needs a title (at most 200 characters).';
comment on constraint gatherings_meeting_has_date on public.gatherings is
  'A meeting needs its date.';
comment on constraint gatherings_meeting_times on public.gatherings is
  'A meeting needs a start and an end time, the end after the start.';
comment on constraint gatherings_meeting_description_length on public.gatherings is
  'A meeting''s description has at most 2000 characters.';
comment on constraint gatherings_trip_has_groups on public.gatherings is
  'A field trip is for at least one group.';
comment on constraint gatherings_trip_has_title on public.gatherings is
  'A field trip needs a title (at most 200 characters).';
comment on constraint gatherings_trip_dates on public.gatherings is
  'A field trip needs its start and end dates, the end on or after the start.';
comment on constraint gatherings_trip_fee on public.gatherings is
  'A field trip''s fee is a whole number of rupees from 0 to 10,00,000.';
comment on constraint gatherings_trip_texts on public.gatherings is
  'A field trip''s description, itinerary and packing list have at most 4000 characters each.';
alter table public.gatherings enable row level security;
create index gatherings_meeting_idx on public.gatherings (meeting_id);
create index gatherings_family_idx on public.gatherings (family_id);
create index gatherings_family_ids_idx on public.gatherings using gin (family_ids);
create index gatherings_kind_idx on public.gatherings (kind, status);

create trigger gatherings_touch before insert or update on public.gatherings
  for each row execute function app.touch_updated();

select app.register_sync_table('gatherings', array[
  'family_id', 'family_ids', 'member_id', 'delivery', 'delivery_reason', 'created_at',
  'created_by', 'updated_at', 'updated_by']);

-- The digits of a WhatsApp number as Meta wants them, or null.
create or replace function app.whatsapp_digits(raw text) returns text
language sql immutable set search_path = ''
as $$
  select case when d ~ '^[0-9]{8,15}$' then d end
    from (select regexp_replace(coalesce(raw, ''), '[^0-9]', '', 'g') as d) x
$$;
revoke execute on function app.whatsapp_digits(text) from public, anon, authenticated;

-- What a person may change, and what only the server sets:
--   a meeting is made pending (N06, N17) by staff or a facilitator, for groups the centre has; its
--   groups and the families invited stay as made; its date and times may move until it is
--   archived (15_gatherings_calendar.sql tells the guardians); archived stays archived; only the
--   server says sent.
--   a participant is made by the server; a guardian changes only their own answer.
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
create trigger gatherings_guard before insert or update on public.gatherings
  for each row execute function app.gatherings_guard();

-- Once no invitation of a meeting is still on its way (each went out, or failed for good and
-- says why on its participant), the meeting is sent (N07).
create or replace function app.gathering_check_sent(meeting text) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('app.gathering_server', 'on', true);
  update public.gatherings m set status = 'sent'
   where m.id = meeting and m.kind = 'meeting' and m.status = 'pending'
     and not exists (select 1 from public.gatherings p
                      where p.meeting_id = meeting and p.kind = 'participant'
                        and p.delivery = 'queued');
  perform set_config('app.gathering_server', '', true);
end;
$$;
revoke execute on function app.gathering_check_sent(text) from public, anon, authenticated;

-- The invitation's words, as the chat and the e-mail show them.
create or replace function app.meeting_invitation_text(meeting public.gatherings) returns text
language sql immutable set search_path = ''
as $$
  select left(format('Parents'' meeting: %s on %s, %s–%s.%s', meeting.data ->> 'title',
                     meeting.data ->> 'date', meeting.data ->> 'startTime', meeting.data ->> 'endTime',
                     case when btrim(coalesce(meeting.data ->> 'description', '')) <> ''
                          then ' ' || btrim(meeting.data ->> 'description') else '' end), 4000)
$$;
revoke execute on function app.meeting_invitation_text(public.gatherings) from public, anon, authenticated;

-- A new meeting invites every guardian of the families with a child in its groups, once: on
-- WhatsApp when the guardian has a number (their own, or their account's contact), by e-mail
-- otherwise; a guardian with neither is listed, so the office can call them. The WhatsApp
-- invitations go through the outbox (the dispatcher sends them 2 s apart, N10).
create or replace function app.meeting_invite() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  guardian record;
  participant text;
  number text;
  channel text;
  body text := app.meeting_invitation_text(new);
begin
  if new.kind <> 'meeting' then
    return null;
  end if;
  perform set_config('app.gathering_server', 'on', true);
  for guardian in
    select distinct on (g ->> 'parentUUID') f.id as family_id, g, c.whatsapp as contact_number,
           c.member_id, s.group_id
      from public.students s
      join public.families f on f.id = s.family_id and not f._deleted
      cross join lateral jsonb_array_elements(coalesce(f.data -> 'guardians', '[]'::jsonb)) g
      left join public.family_contacts c on c.id = g ->> 'contactId'
     where s.group_id = any (new.group_ids) and s.status <> 'terminated' and not s._deleted
       and coalesce(g ->> 'parentUUID', '') <> ''
     order by g ->> 'parentUUID', s.group_id
  loop
    participant := 'mp-' || md5(new.id || '/' || (guardian.g ->> 'parentUUID'));
    number := coalesce(app.whatsapp_digits(guardian.contact_number),
                       app.whatsapp_digits(coalesce(guardian.g ->> 'prefix', '') || (guardian.g ->> 'whatsApp')));
    if number is not null and exists (select 1 from public.whatsapp w
                                       where w.id = 'wa-' || number and w.data ->> 'status' = 'disabled'
                                         and not w._deleted) then
      number := null;
    end if;
    channel := case when number is not null then 'whatsapp'
                    when coalesce(guardian.g ->> 'email', '') like '%@%' then 'email'
                    else 'none' end;
    insert into public.gatherings (id, kind, meeting_id, group_ids, family_id, member_id, status, data, delivery)
    values (participant, 'participant', new.id, array[guardian.group_id], guardian.family_id,
            guardian.member_id, 'pending',
            jsonb_strip_nulls(jsonb_build_object(
              'name', left(btrim(concat_ws(' ', guardian.g ->> 'firstName', guardian.g ->> 'lastName')), 200),
              'number', number, 'email', case when channel = 'email' then lower(guardian.g ->> 'email') end,
              'channel', channel, 'groupId', guardian.group_id)),
            case when channel = 'none' then null else 'queued' end)
    on conflict (id) do nothing;
    if channel = 'whatsapp' then
      insert into public.whatsapp (id, kind, wa_id, data)
      values ('wa-' || number, 'number', number,
              jsonb_build_object('name', coalesce(nullif(left(btrim(concat_ws(' ', guardian.g ->> 'firstName',
                                                    guardian.g ->> 'lastName')), 200), ''), '+' || number),
                                 'status', 'Active'))
      on conflict (id) do nothing;
      update public.whatsapp w set _deleted = false where w.id = 'wa-' || number and w._deleted;
      insert into public.whatsapp (id, kind, wa_id, data)
      values ('mi-' || participant, 'message', number,
              jsonb_build_object('direction', 'out', 'mode', 'template', 'body', body,
                                 'template', 'meeting_invitation', 'participantId', participant,
                                 'params', jsonb_build_array(
                                   coalesce(nullif(btrim(concat_ws(' ', guardian.g ->> 'firstName', guardian.g ->> 'lastName')), ''), 'Parent'),
                                   new.data ->> 'title',
                                   format('%s, %s–%s', new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime'))))
      on conflict (id) do nothing;
    elsif channel = 'email' then
      insert into public.email_outbox (id, recipients, subject, html_body, email_trigger, triggered_by)
      values ('mi-' || participant, array[lower(guardian.g ->> 'email')],
              left(regexp_replace(format('Parents'' meeting: %s on %s', new.data ->> 'title', new.data ->> 'date'),
                                  '[[:cntrl:]]+', ' ', 'g'), 998),
              format('<p>Dear %s,</p><p>You are invited to the parents'' meeting <strong>%s</strong> on %s '
                     'from %s to %s.</p>%s<p>Please tell us whether you will come: answer on the Home page '
                     'of the centre''s app, or reply to this e-mail.</p>',
                     app.html_text(guardian.g ->> 'firstName'), app.html_text(new.data ->> 'title'),
                     new.data ->> 'date', new.data ->> 'startTime', new.data ->> 'endTime',
                     case when btrim(coalesce(new.data ->> 'description', '')) <> ''
                          then '<p>' || app.html_text(new.data ->> 'description') || '</p>' else '' end),
              'meetings.invitation', auth.uid())
      on conflict (id) do nothing;
    end if;
  end loop;
  perform set_config('app.gathering_server', '', true);
  perform app.gathering_check_sent(new.id);
  return null;
end;
$$;
revoke execute on function app.meeting_invite() from public, anon, authenticated;
create trigger meeting_invite after insert on public.gatherings
  for each row execute function app.meeting_invite();

-- What became of a WhatsApp invitation reaches its participant: sent once Meta took it (the
-- participant's status too, if they have not answered yet), failed with Meta's reason.
create or replace function app.meeting_invitation_whatsapp() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meeting text;
begin
  if new.id not like 'mi-mp-%' or new.status is not distinct from old.status
     or new.status not in ('sent', 'delivered', 'read', 'failed') then
    return null;
  end if;
  perform set_config('app.gathering_server', 'on', true);
  update public.gatherings p
     set delivery = new.status, delivery_reason = case when new.status = 'failed' then new.status_reason end,
         status = case when new.status <> 'failed' and p.status = 'pending' then 'sent' else p.status end
   where p.id = substr(new.id, 4) and p.kind = 'participant'
  returning p.meeting_id into meeting;
  perform set_config('app.gathering_server', '', true);
  if meeting is not null then
    perform app.gathering_check_sent(meeting);
  end if;
  return null;
end;
$$;
revoke execute on function app.meeting_invitation_whatsapp() from public, anon, authenticated;
create trigger meeting_invitation_whatsapp after update of status on public.whatsapp
  for each row execute function app.meeting_invitation_whatsapp();

-- The same for an invitation by e-mail.
create or replace function app.meeting_invitation_email() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meeting text;
begin
  if new.id not like 'mi-mp-%' or new.status is not distinct from old.status
     or new.status not in ('sent', 'failed') then
    return null;
  end if;
  perform set_config('app.gathering_server', 'on', true);
  update public.gatherings p
     set delivery = new.status, delivery_reason = case when new.status = 'failed' then left(new.last_error, 1000) end,
         status = case when new.status = 'sent' and p.status = 'pending' then 'sent' else p.status end
   where p.id = substr(new.id, 4) and p.kind = 'participant'
  returning p.meeting_id into meeting;
  perform set_config('app.gathering_server', '', true);
  if meeting is not null then
    perform app.gathering_check_sent(meeting);
  end if;
  return null;
end;
$$;
revoke execute on function app.meeting_invitation_email() from public, anon, authenticated;
create trigger meeting_invitation_email after update of status on public.email_outbox
  for each row execute function app.meeting_invitation_email();

-- A quick reply pressed on WhatsApp (N19): the webhook passes the button's payload. The answer is
-- taken only from the number the invitation went to, and not once the meeting is archived.
-- Answers whether it was taken.
create or replace function public.meeting_answer(participant_id text, answer text, wa_id text)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  taken boolean;
begin
  if answer is null or answer not in ('accepted', 'rejected') then
    raise exception 'Unknown answer: %', answer using errcode = '22023';
  end if;
  perform set_config('app.gathering_server', 'on', true);
  update public.gatherings p set status = answer
   where p.id = participant_id and p.kind = 'participant' and p.data ->> 'number' = meeting_answer.wa_id
     and exists (select 1 from public.gatherings m where m.id = p.meeting_id and m.status <> 'archived')
  returning true into taken;
  perform set_config('app.gathering_server', '', true);
  return coalesce(taken, false);
end;
$$;
revoke execute on function public.meeting_answer(text, text, text) from public, anon, authenticated;
grant execute on function public.meeting_answer(text, text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Privileges and policies
-- ---------------------------------------------------------------------------------------------
revoke all on public.gatherings from anon;
revoke delete, truncate, references, trigger on public.gatherings from authenticated;
grant select, insert, update on public.gatherings to authenticated;
grant all on public.gatherings to service_role;

-- What a field trip keeps, in its own words (before the meetings' guard, which holds the groups
-- and families for every kind): an archived trip stays as it was, and is archived for good; its
-- academic year is the one its start date falls in (June to May, labelled 2026-27).
create or replace function app.field_trip_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  start_year integer;
begin
  if new.kind <> 'field_trip' then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status = 'archived'
     and (new.status <> 'archived' or new.data is distinct from old.data) then
    raise exception 'An archived field trip stays as it was.' using errcode = 'P0001';
  end if;
  if tg_op = 'INSERT' and new.status <> 'pending' then
    raise exception 'A new field trip is pending.' using errcode = 'P0001';
  end if;
  if coalesce(new.data ->> 'startDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
    start_year := substr(new.data ->> 'startDate', 1, 4)::integer
                  - case when substr(new.data ->> 'startDate', 6, 2)::integer >= 6 then 0 else 1 end;
    new.data := new.data || jsonb_build_object('academicYear',
      start_year::text || '-' || lpad(((start_year + 1) % 100)::text, 2, '0'));
  end if;
  return new;
end;
$$;
revoke execute on function app.field_trip_guard() from public, anon, authenticated;
create trigger gatherings_field_trip_guard before insert or update on public.gatherings
  for each row execute function app.field_trip_guard();

-- An archived trip leaves the guardians' devices (N15): the scope of every member of the
-- families it was for moves on, so their devices pull again and drop it.
create or replace function app.field_trip_archived() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.kind = 'field_trip' and new.status is distinct from old.status then
    perform app.bump_scope_of(array(
      select m.id from public.members m
       where m.family_token = any (new.family_ids || old.family_ids)));
  end if;
  return null;
end;
$$;
revoke execute on function app.field_trip_archived() from public, anon, authenticated;
create trigger field_trip_archived after update of status on public.gatherings
  for each row execute function app.field_trip_archived();

-- Staff and facilitators read every meeting, trip and answer; a guardian reads the meetings their
-- family is invited to, the trips of their children's groups that are not archived (N15), and
-- their own family's participants.
create policy "Staff and facilitators read meetings; a family the meetings it is invited to" on public.gatherings
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator())
         or (kind = 'meeting' and family_ids && (select app.my_family_ids())::text[])
         or (kind = 'field_trip' and status <> 'archived'
             and family_ids && (select app.my_family_ids())::text[])
         or (kind = 'participant' and family_id = any ((select app.my_family_ids())::text[])));

-- Staff and facilitators set up meetings (N02) and field trips; participants are the server's.
create policy "Staff and facilitators set up meetings" on public.gatherings
  for insert to authenticated
  with check (((select app.is_staff()) or (select app.is_facilitator()))
              and kind in ('meeting', 'field_trip'));

-- Staff and facilitators change and archive meetings and trips; a guardian gives their own answer.
create policy "Staff and facilitators change meetings; a guardian their own answer" on public.gatherings
  for update to authenticated
  using ((((select app.is_staff()) or (select app.is_facilitator())) and kind in ('meeting', 'field_trip'))
         or (kind = 'participant' and member_id = (select auth.uid())
             and family_id = any ((select app.my_family_ids())::text[])))
  with check ((((select app.is_staff()) or (select app.is_facilitator())) and kind in ('meeting', 'field_trip'))
              or (kind = 'participant' and member_id = (select auth.uid())
                  and family_id = any ((select app.my_family_ids())::text[])));

create trigger writes_go_through_functions before insert or update or delete
  on public.gatherings for each statement execute function app.writes_go_through_functions();

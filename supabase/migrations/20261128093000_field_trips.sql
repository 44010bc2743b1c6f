-- Field trips (operations.md §3 "Meetings and events", §4 "Events", §7; N13–N16, N20): events of
-- type field_trips are rows of kind 'field_trip' in `gatherings`, beside the parents' meetings:
--   data {title, description, itinerary, packingList, fee, startDate, endDate, academicYear,
--         studentIds, facilitatorIds, parents}; the groups it is for in group_ids, and the
--   families with a child in those groups in family_ids (set by the server, as for a meeting).
-- Pending on creation, archived on archive (N14); office staff and facilitators make and change
-- them; a guardian reads the trips of their children's groups until they are archived (N15).
-- See sync/contract/collections/gatherings.ts for the shape of `data`.

alter table public.gatherings drop constraint if exists gatherings_kind_known;
alter table public.gatherings add constraint gatherings_kind_known
  check (kind in ('meeting', 'participant', 'field_trip'));
alter table public.gatherings drop constraint if exists gatherings_status_known;
alter table public.gatherings add constraint gatherings_status_known check (
  (kind = 'meeting' and status in ('pending', 'sent', 'archived'))
  or (kind = 'participant' and status in ('pending', 'sent', 'accepted', 'rejected'))
  or (kind = 'field_trip' and status in ('pending', 'archived')));
alter table public.gatherings add constraint gatherings_trip_has_groups check (
  kind <> 'field_trip' or cardinality(group_ids) between 1 and 50);
alter table public.gatherings add constraint gatherings_trip_has_title check (
  kind <> 'field_trip' or length(btrim(coalesce(data ->> 'title', ''))) between 1 and 200);
alter table public.gatherings add constraint gatherings_trip_dates check (
  kind <> 'field_trip' or (coalesce(data ->> 'startDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                           and coalesce(data ->> 'endDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                           and data ->> 'startDate' <= data ->> 'endDate'));
alter table public.gatherings add constraint gatherings_trip_fee check (
  kind <> 'field_trip' or (jsonb_typeof(data -> 'fee') = 'number'
                           and (data ->> 'fee')::numeric between 0 and 1000000
                           and (data ->> 'fee')::numeric = trunc((data ->> 'fee')::numeric)));
alter table public.gatherings add constraint gatherings_trip_texts check (
  kind <> 'field_trip' or (length(coalesce(data ->> 'description', '')) <= 4000
                           and length(coalesce(data ->> 'itinerary', '')) <= 4000
                           and length(coalesce(data ->> 'packingList', '')) <= 4000));
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
comment on table public.gatherings is
  'Parents'' meetings and the guardians invited to each, with the answer each gave, and field trips.';
create index if not exists gatherings_kind_idx on public.gatherings (kind, status);

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
drop trigger if exists gatherings_field_trip_guard on public.gatherings;
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
drop trigger if exists field_trip_archived on public.gatherings;
create trigger field_trip_archived after update of status on public.gatherings
  for each row execute function app.field_trip_archived();

-- Staff and facilitators read every meeting, trip and answer; a guardian reads the meetings their
-- family is invited to, the trips of their children's groups that are not archived (N15), and
-- their own family's participants.
drop policy if exists "Staff and facilitators read meetings; a family the meetings it is invited to" on public.gatherings;
create policy "Staff and facilitators read meetings; a family the meetings it is invited to" on public.gatherings
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator())
         or (kind = 'meeting' and family_ids && (select app.my_family_ids())::text[])
         or (kind = 'field_trip' and status <> 'archived'
             and family_ids && (select app.my_family_ids())::text[])
         or (kind = 'participant' and family_id = any ((select app.my_family_ids())::text[])));

-- Staff and facilitators set up meetings (N02) and field trips; participants are the server's.
drop policy if exists "Staff and facilitators set up meetings" on public.gatherings;
create policy "Staff and facilitators set up meetings" on public.gatherings
  for insert to authenticated
  with check (((select app.is_staff()) or (select app.is_facilitator()))
              and kind in ('meeting', 'field_trip'));

-- Staff and facilitators change and archive meetings and trips; a guardian gives their own answer.
drop policy if exists "Staff and facilitators change meetings; a guardian their own answer" on public.gatherings;
create policy "Staff and facilitators change meetings; a guardian their own answer" on public.gatherings
  for update to authenticated
  using ((((select app.is_staff()) or (select app.is_facilitator())) and kind in ('meeting', 'field_trip'))
         or (kind = 'participant' and member_id = (select auth.uid())
             and family_id = any ((select app.my_family_ids())::text[])))
  with check ((((select app.is_staff()) or (select app.is_facilitator())) and kind in ('meeting', 'field_trip'))
              or (kind = 'participant' and member_id = (select auth.uid())
                  and family_id = any ((select app.my_family_ids())::text[])));

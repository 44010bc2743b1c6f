-- Reference data every member reads (session timings, subjects, classrooms, groups, fee tariffs,
-- holidays, settings: one `reference` table with a `kind`), the topics facilitators teach from, and
-- the facilitator list as a replicated collection.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- The 18 subject colours (core.md §3); the calendar edit dialog offers exactly these.
create or replace function app.subject_colours() returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#364fc7', '#1864ab', '#0b7285', '#087f5b',
               '#2b8a3e', '#5c940d', '#e67700', '#d9480f', '#495057', '#e64980', '#7950f2', '#15aabf',
               '#82c91e', '#fab005'];
$$;

grant execute on function app.subject_colours() to authenticated, service_role;

-- Whether a text is a calendar date (YYYY-MM-DD) that exists.
create or replace function app.is_date(value text) returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if value is null or value !~ '^\d{4}-\d{2}-\d{2}$' then
    return false;
  end if;
  perform value::date;
  return true;
exception when others then
  return false;
end;
$$;

grant execute on function app.is_date(text) to authenticated, service_role;

-- One table for the reference lists: each row is one record of one kind.
create table if not exists public.reference (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint reference_kind_known
    check (kind in ('session_timing', 'subject', 'classroom', 'group', 'fee_tariff', 'holiday', 'notification')),
  constraint reference_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint session_timing_format
    check (kind <> 'session_timing'
      or (data ->> 'timing' ~ '^([01][0-9]|2[0-3]):[0-5][0-9] - ([01][0-9]|2[0-3]):[0-5][0-9]$'
          and substr(data ->> 'timing', 1, 5) < substr(data ->> 'timing', 9, 5)
          and jsonb_typeof(data -> 'groupNumber') = 'number')),
  constraint named_reference_has_name
    check (kind not in ('subject', 'classroom', 'group')
      or length(btrim(coalesce(data ->> 'name', ''))) between 1 and 100),
  constraint subject_colour_known
    check (kind <> 'subject' or (data ->> 'color') = any (app.subject_colours())),
  constraint fee_tariff_amount_valid
    check (kind <> 'fee_tariff'
      or (jsonb_typeof(data -> 'amount') = 'number' and (data ->> 'amount')::numeric between 0 and 10000000)),
  constraint holiday_dates_valid
    check (kind <> 'holiday'
      or (app.is_date(data ->> 'startDate') and app.is_date(data ->> 'endDate')
          and (data ->> 'startDate') <= (data ->> 'endDate')
          and data ->> 'academicYear' ~ '^\d{4}-\d{2}$'
          and length(btrim(coalesce(data ->> 'description', ''))) > 0))
);

comment on constraint session_timing_format on public.reference is
  'A session timing reads HH:MM - HH:MM, starts before it ends and names its timing set.';

comment on constraint named_reference_has_name on public.reference is
  'Subjects, classrooms and groups need a name of 1 to 100 characters.';

comment on constraint subject_colour_known on public.reference is
  'A subject''s colour must be one of the 18 subject colours.';

comment on constraint fee_tariff_amount_valid on public.reference is
  'A fee tariff''s amount must be a number from 0 upwards.';

comment on constraint holiday_dates_valid on public.reference is
  'Error: Start date must be before end date (a holiday also needs a description and an academic year).';

comment on constraint reference_kind_known on public.reference is
  'Unknown kind of reference record.';

alter table public.reference enable row level security;

create index if not exists reference_kind_idx on public.reference (kind);

-- Who last changed a record, kept by the server (clients cannot claim someone else did).
create or replace function app.touch_updated() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;

create trigger reference_touch before insert or update on public.reference
  for each row execute function app.touch_updated();

select app.register_sync_table('reference', array['updated_at', 'updated_by']);

-- The member a notification is for (15_notifications.sql). A column (not a field of `data`)
-- because the read policy filters on it; it never changes once written.
alter table public.reference add column if not exists member_id uuid;

grant select, insert, update on public.reference to authenticated;

-- Everyone signed in with a role and not blocked reads the lists; parents and students do not
-- receive fee tariffs (core.md §6); a notification reaches only the member it is for.
create policy "Members can read reference data" on public.reference
  for select to authenticated
  using ((select app.role()) is not null and (select app.role()) <> 'member'
         and (kind <> 'fee_tariff' or (select app.role()) not in ('guardian', 'student'))
         and (kind <> 'notification' or member_id = (select auth.uid())));

-- Office staff keep every list; facilitator admins keep the lists the timetable is made of.
-- Notifications are made by the server only.
create policy "Staff and facilitator admins can add reference data" on public.reference
  for insert to authenticated
  with check (((select app.is_staff()) and kind <> 'notification')
              or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')));

create policy "Staff and facilitator admins can change reference data" on public.reference
  for update to authenticated
  using (((select app.is_staff()) and kind <> 'notification')
         or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')))
  with check (((select app.is_staff()) and kind <> 'notification')
              or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')));

create table if not exists public.topics (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  facilitator_id text references public.facilitators (id) on delete cascade,
  subject_id text,
  topic_id text,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint topics_kind_known check (kind in ('topic', 'subtopic')),
  constraint topics_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint topic_has_subject check (kind <> 'topic' or subject_id is not null),
  constraint subtopic_has_topic check (kind <> 'subtopic' or topic_id is not null),
  constraint topic_has_name check (length(btrim(coalesce(data ->> 'name', ''))) between 1 and 200)
);

comment on constraint topic_has_subject on public.topics is 'A topic belongs to a subject.';

comment on constraint subtopic_has_topic on public.topics is 'A subtopic belongs to a topic.';

comment on constraint topic_has_name on public.topics is 'A topic or subtopic needs a name of 1 to 200 characters.';

alter table public.topics enable row level security;

create index if not exists topics_facilitator_idx on public.topics (facilitator_id);

create trigger topics_touch before insert or update on public.topics
  for each row execute function app.touch_updated();

select app.register_sync_table('topics', array['updated_at', 'updated_by']);

grant select, insert, update on public.topics to authenticated;

-- Staff and facilitators read every list (a colleague's topics show on the lessons they cover);
-- guardians and students read the default list.
create policy "Members can read the topics of their role" on public.topics
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator())
         or (facilitator_id is null and (select app.role()) in ('guardian', 'student')));

-- A facilitator adds to their own list; only facilitator admins add to the default list.
create policy "Facilitators can add their topics" on public.topics
  for insert to authenticated
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and (select app.is_facilitator_admin())));

-- A facilitator edits and retires their own topics; only facilitator admins the default ones.
create policy "Facilitators can change their topics" on public.topics
  for update to authenticated
  using ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
         or (facilitator_id is null and (select app.is_facilitator_admin())))
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and (select app.is_facilitator_admin())));

-- The facilitator list (timetables name the facilitator of each lesson) replicates too.
select app.register_sync_table('facilitators', array['last_edited', 'last_edited_by']);

create policy "Staff and facilitators can read facilitators" on public.facilitators
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator()));

-- One facilitator per e-mail address: the address is how a new facilitator's sign-up finds them.
-- A removed facilitator's address can be used again.
create unique index facilitators_email_key on public.facilitators (email) where not _deleted;

comment on index public.facilitators_email_key is
  'Another facilitator already has this e-mail address.';

-- A facilitator with an account stays on the list (their lessons and sign-in depend on it).
alter table public.facilitators add constraint facilitators_active_kept
  check (not (_deleted and status = 'active'));

comment on constraint facilitators_active_kept on public.facilitators is
  'A facilitator who has set up their account cannot be removed; block their account in Members instead.';

revoke delete on public.reference from anon, authenticated;

revoke delete on public.topics from anon, authenticated;

-- Visitors never touch these tables (the app reads them through sync as a member), and nobody
-- needs to empty them or hang triggers or references on them: those privileges come from the
-- platform's defaults, not from a need. TRUNCATE would even skip row-level security.
revoke all on public.reference from anon;

revoke all on public.topics from anon;

revoke truncate, references, trigger on public.reference from authenticated;

revoke truncate, references, trigger on public.topics from authenticated;

-- The kind of a reference row never changes once written.
create trigger kind_is_fixed before update on public.reference for each row execute function app.kind_is_fixed();

-- The kind of a topics row never changes once written.
create trigger kind_is_fixed before update on public.topics for each row execute function app.kind_is_fixed();

-- Whose list a topic is on decides who reads it (guardians and students read the default list
-- only): it never changes once written (app.columns_are_fixed).
create trigger facilitator_is_fixed before update on public.topics
  for each row execute function app.columns_are_fixed('facilitator_id');

-- Written only through the app's functions (sync_push, admin_set_facilitator), never directly.
create trigger writes_go_through_functions before insert or update or delete on public.reference
  for each statement execute function app.writes_go_through_functions();

-- Written only through the app's functions (sync_push, admin_set_facilitator), never directly.
create trigger writes_go_through_functions before insert or update or delete on public.topics
  for each statement execute function app.writes_go_through_functions();

-- Written only through the app's functions (sync_push, admin_set_facilitator), never directly.
create trigger writes_go_through_functions before insert or update or delete on public.facilitators
  for each statement execute function app.writes_go_through_functions();

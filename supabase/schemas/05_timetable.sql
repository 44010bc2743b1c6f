-- The facilitators' timetable: each group's week templates, generated weeks and change log
-- (`timetables`), and the lesson items (comments, resources, assignments) kept as separate records.
-- Absences are lesson items too (14_classroom.sql).

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- Whether the caller may see the timetable: office staff and facilitators (parent
-- facilitators included). Parents and students see their children's lessons through other
-- screens, not the whole timetable.
create or replace function app.can_read_timetable() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select app.is_staff() or app.is_facilitator();
$$;

grant execute on function app.can_read_timetable() to authenticated;

-- A timetable's days: an object whose keys are school days and whose values are lists.
create or replace function app.valid_timetable_days(days jsonb) returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(days) = 'object'
     and coalesce((select bool_and(jsonb_typeof(d.value) = 'array'
                                   and d.key in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday'))
                     from jsonb_each(days) d), true);
$$;

grant execute on function app.valid_timetable_days(jsonb) to authenticated, service_role;

create table if not exists public.timetables (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  group_id text,
  week_key text,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  updated_by_name text,
  constraint timetables_kind_known check (kind in ('group_template', 'week', 'change_log', 'mixed_group', 'mixed_lesson')),
  constraint timetables_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint timetable_week_key_format check (week_key is null or week_key ~ '^\d{4}_\d{2}$'),
  constraint week_has_group_and_key check (kind <> 'week' or (group_id is not null and week_key is not null)),
  constraint template_has_group check (kind <> 'group_template' or group_id is not null),
  constraint timetable_days_are_lists check (kind in ('change_log', 'mixed_group', 'mixed_lesson') or app.valid_timetable_days(data -> 'days'))
);

comment on constraint timetable_week_key_format on public.timetables is 'A week is named YYYY_WW.';

comment on constraint week_has_group_and_key on public.timetables is 'A week belongs to a group and a week.';

comment on constraint template_has_group on public.timetables is 'A weekly template belongs to a group.';

comment on constraint timetable_days_are_lists on public.timetables is
  'A timetable lists its sessions per school day, Monday to Friday.';

alter table public.timetables enable row level security;

create index if not exists timetables_group_week_idx on public.timetables (group_id, week_key);

-- Who changed a timetable, with their name as the calendar shows it (updatedByName).
create or replace function app.touch_timetable() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  new.updated_by_name := (select m.name from public.members m where m.id = auth.uid());
  return new;
end;
$$;

create trigger timetables_touch before insert or update on public.timetables
  for each row execute function app.touch_timetable();

-- The change log is a record of what happened: once written it is not rewritten.
create or replace function app.change_log_is_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.kind = 'change_log' and (new.data is distinct from old.data or new.kind <> old.kind) then
    raise exception 'The calendar change log cannot be changed' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger timetables_change_log_append_only before update on public.timetables
  for each row execute function app.change_log_is_append_only();

select app.register_sync_table('timetables', array['updated_at', 'updated_by', 'updated_by_name']);

grant select, insert, update on public.timetables to authenticated;

create policy "Staff and facilitators can read the timetable" on public.timetables
  for select to authenticated
  using ((select app.can_read_timetable()));

-- Facilitators edit the lessons of a week and log their changes; the weekly templates (which
-- subject, classroom and facilitator each slot has) are kept by facilitator admins and staff.
create policy "Facilitators can add weeks and change log entries" on public.timetables
  for insert to authenticated
  with check ((kind in ('week', 'change_log') and (select app.is_facilitator()))
              or (select app.is_facilitator_admin()) or (select app.is_staff()));

create policy "Facilitators can change weeks" on public.timetables
  for update to authenticated
  using ((kind = 'week' and (select app.is_facilitator())) or (select app.is_facilitator_admin()) or (select app.is_staff()))
  with check ((kind = 'week' and (select app.is_facilitator())) or (select app.is_facilitator_admin()) or (select app.is_staff()));

create table if not exists public.lesson_items (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  lesson_id text,
  group_id text,
  week_key text,
  facilitator_id text,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint lesson_items_kind_known check (kind in ('comment', 'resource', 'assignment', 'absence', 'trial', 'note', 'shared_note')),
  constraint lesson_items_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint comment_has_text check (kind <> 'comment' or length(btrim(coalesce(data ->> 'text', ''))) between 1 and 5000),
  constraint comment_belongs_to_lesson check (kind <> 'comment' or lesson_id is not null),
  constraint resource_has_link_or_description check (
    kind <> 'resource' or length(btrim(coalesce(data ->> 'link', '') || coalesce(data ->> 'description', ''))) > 0),
  constraint assignment_has_title check (kind <> 'assignment' or length(btrim(coalesce(data ->> 'title', ''))) between 1 and 200),
  constraint assignment_due_is_date check (
    kind <> 'assignment' or data ->> 'dueDate' is null
    or (data ->> 'dueDate') ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$')
);

comment on constraint comment_has_text on public.lesson_items is 'A comment needs some text (at most 5000 characters).';

comment on constraint comment_belongs_to_lesson on public.lesson_items is 'A comment belongs to a lesson.';

comment on constraint resource_has_link_or_description on public.lesson_items is 'A resource needs a link or a description.';

comment on constraint assignment_has_title on public.lesson_items is 'An assignment needs a title.';

comment on constraint assignment_due_is_date on public.lesson_items is 'An assignment''s due date is a date (YYYY-MM-DD).';

alter table public.lesson_items enable row level security;

create index if not exists lesson_items_lesson_idx on public.lesson_items (lesson_id);

create index if not exists lesson_items_facilitator_idx on public.lesson_items (facilitator_id);

-- The author of an item is whoever created it; later edits record who changed it.
create or replace function app.touch_lesson_item() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.created_by := auth.uid();
  else
    new.created_by := old.created_by;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;

create trigger lesson_items_touch before insert or update on public.lesson_items
  for each row execute function app.touch_lesson_item();

select app.register_sync_table('lesson_items', array['created_by', 'updated_at', 'updated_by']);

grant select, insert, update on public.lesson_items to authenticated;

-- Trials go to the office and to the facilitators who teach the trial group (14_classroom.sql).
create policy "Staff and facilitators can read lesson items" on public.lesson_items
  for select to authenticated
  using (kind <> 'trial' and (select app.can_read_timetable()));

-- Facilitators add items as themselves; staff may add on anyone's behalf.
-- Trials are written by the server from the inquiry: nobody adds or changes one through sync.
create policy "Facilitators can add lesson items" on public.lesson_items
  for insert to authenticated
  with check (kind <> 'trial'
              and (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id()))
                   or (select app.is_staff())));

-- A facilitator changes (or deletes, softly) their own items.
create policy "Facilitators can change their lesson items" on public.lesson_items
  for update to authenticated
  using (kind <> 'trial'
         and (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id()))
              or (select app.is_staff())))
  with check (kind <> 'trial'
              and (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id()))
                   or (select app.is_staff())));

revoke delete on public.timetables from anon, authenticated;

revoke delete on public.lesson_items from anon, authenticated;

revoke all on public.timetables from anon;

revoke all on public.lesson_items from anon;

revoke truncate, references, trigger on public.timetables from authenticated;

revoke truncate, references, trigger on public.lesson_items from authenticated;

-- The kind of a timetables row never changes once written.
create trigger kind_is_fixed before update on public.timetables for each row execute function app.kind_is_fixed();

-- The kind of a lesson_items row never changes once written.
create trigger kind_is_fixed before update on public.lesson_items for each row execute function app.kind_is_fixed();

-- The group decides which families read a week or an assignment (their children's groups):
-- it never changes once written (app.columns_are_fixed).
create trigger group_is_fixed before update on public.timetables
  for each row execute function app.columns_are_fixed('group_id');

create trigger group_is_fixed before update on public.lesson_items
  for each row execute function app.columns_are_fixed('group_id');

-- Written only through the app's functions (sync_push, admin_set_facilitator), never directly.
create trigger writes_go_through_functions before insert or update or delete on public.timetables
  for each statement execute function app.writes_go_through_functions();

-- Written only through the app's functions (sync_push, admin_set_facilitator), never directly.
create trigger writes_go_through_functions before insert or update or delete on public.lesson_items
  for each statement execute function app.writes_go_through_functions();

-- Absences (L10): a child away for one lesson or for a whole school day is a lesson item of kind
-- 'absence' that names the child. Facilitators mark them from the week, offline; guardians see
-- their own children's and report one ahead ("Ira will be away on Friday"), which reaches the
-- facilitators' Absences pane. Nobody else's family ever reads or writes them.

-- The child an absence is about. A column (not a field of `data`) because the families' read
-- policy filters on it; it never changes once written.
alter table public.lesson_items add column if not exists student_id text;

alter table public.lesson_items add constraint absence_names_child_group_and_day check (
  kind <> 'absence' or (
    student_id is not null and group_id is not null and app.is_date(data ->> 'date')
    and coalesce(data ->> 'reportedBy', '') in ('facilitator', 'family')
    and length(coalesce(data ->> 'reason', '')) <= 500));

comment on constraint absence_names_child_group_and_day on public.lesson_items is
  'An absence names the child, their group and the day (a reason of at most 500 characters).';

create index if not exists lesson_items_student_idx on public.lesson_items (student_id);

-- The child decides which family reads an absence: it never changes once written.
create trigger student_is_fixed before update on public.lesson_items
  for each row execute function app.columns_are_fixed('student_id');

-- The students whose records the caller reads as their family: a guardian's children (parent
-- facilitators included), a student's own record. Removed students are left out. A policy
-- compares a row's student with it as a set: `student_id = any ((select app.my_student_ids()))`.
create or replace function app.my_student_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(s.id), '{}')
    from public.students s
    join public.members m on m.id = auth.uid() and m.status = 'verified'
   where not s._deleted
     and ((m.role = 'guardian' and m.family_token is not null and s.family_id = m.family_token)
          or (m.role = 'student' and exists (
                select 1 from public.family_contacts c
                 where c.id = s.contact_id and c.member_id = m.id)))
$$;

revoke execute on function app.my_student_ids() from public, anon;

grant execute on function app.my_student_ids() to authenticated, service_role;

-- A family reads its own children's absences, and nothing else of another child.
create policy "Families read their children's absences" on public.lesson_items
  for select to authenticated
  using (kind = 'absence' and student_id = any ((select app.my_student_ids())::text[]));

-- A guardian reports one of their children away, as the family (no facilitator), for a day from
-- two weeks back (a report made offline arrives late) onwards.
create policy "Guardians report their children's absences" on public.lesson_items
  for insert to authenticated
  with check (
    kind = 'absence' and (select app.role()) = 'guardian'
    and student_id = any ((select app.my_student_ids())::text[])
    and facilitator_id is null and lesson_id is null and data ->> 'reportedBy' = 'family'
    and data ->> 'date' >= to_char((now() at time zone 'Asia/Kolkata')::date - 14, 'YYYY-MM-DD'));

-- A guardian changes or withdraws what their family reported, and may report again a day whose
-- absence was removed (its id is the same); what a facilitator marked stays.
create policy "Guardians change the absences they reported" on public.lesson_items
  for update to authenticated
  using (kind = 'absence' and (select app.role()) = 'guardian'
         and student_id = any ((select app.my_student_ids())::text[])
         and (_deleted or (facilitator_id is null and data ->> 'reportedBy' = 'family')))
  with check (kind = 'absence' and (select app.role()) = 'guardian'
              and student_id = any ((select app.my_student_ids())::text[])
              and facilitator_id is null and data ->> 'reportedBy' = 'family');

-- Any facilitator takes the register: two facilitators of one group mark and unmark the same
-- absence (its id is the same on every device), and a family's report can be corrected.
create policy "Facilitators mark absences" on public.lesson_items
  for update to authenticated
  using (kind = 'absence' and (select app.is_facilitator()))
  with check (kind = 'absence' and (select app.is_facilitator()));

-- Trials (L07): the children an inquiry sends for trial days reach the facilitators who teach
-- their trial group, as lesson items of kind 'trial' the server writes from the inquiry.

alter table public.lesson_items add constraint trial_names_group_and_days check (
  kind <> 'trial' or (
    group_id is not null and app.is_date(data ->> 'trialStart') and app.is_date(data ->> 'trialEnd')
    and length(coalesce(data ->> 'inquiryId', '')) > 0));

comment on constraint trial_names_group_and_days on public.lesson_items is
  'A trial names its inquiry, the trial group and the first and last trial days.';

-- The groups the calling facilitator teaches: those whose weekly template has a lesson of theirs
-- (the same facilitators the trial e-mail goes to). Empty for anyone who is not a facilitator.
create or replace function app.my_taught_group_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct t.group_id), '{}')
    from public.timetables t,
         jsonb_each(case when jsonb_typeof(t.data -> 'days') = 'object' then t.data -> 'days' else '{}'::jsonb end) d,
         jsonb_array_elements(case when jsonb_typeof(d.value) = 'array' then d.value else '[]'::jsonb end) s
   where t.kind = 'group_template' and not t._deleted and t.group_id is not null
     and app.is_facilitator() and s ->> 'facilitatorId' = app.facilitator_id()
$$;

revoke execute on function app.my_taught_group_ids() from public, anon;

grant execute on function app.my_taught_group_ids() to authenticated, service_role;

-- The facilitators a weekly template names (its lessons' facilitators).
create or replace function app.template_facilitator_ids(days jsonb) returns text[]
language sql immutable set search_path = ''
as $$
  select coalesce(array_agg(distinct s ->> 'facilitatorId') filter (where s ->> 'facilitatorId' is not null), '{}')
    from jsonb_each(case when jsonb_typeof(days) = 'object' then days else '{}'::jsonb end) d,
         jsonb_array_elements(case when jsonb_typeof(d.value) = 'array' then d.value else '[]'::jsonb end) s
$$;

revoke execute on function app.template_facilitator_ids(jsonb) from public, anon;

grant execute on function app.template_facilitator_ids(jsonb) to authenticated, service_role;

-- Who reads a group's trials follows its template: when a facilitator joins or leaves a group's
-- template, their devices re-pull, so one who left drops the group's trials.
create or replace function app.template_moves_trial_readers() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  before_ids text[] := case when tg_op = 'UPDATE' and old.kind = 'group_template' and not old._deleted
                            then app.template_facilitator_ids(old.data -> 'days') else '{}' end;
  after_ids text[] := case when new.kind = 'group_template' and not new._deleted
                           then app.template_facilitator_ids(new.data -> 'days') else '{}' end;
  moved text[];
begin
  select coalesce(array_agg(x), '{}') into moved
    from ((select unnest(before_ids) except select unnest(after_ids))
          union
          (select unnest(after_ids) except select unnest(before_ids))) m(x);
  if cardinality(moved) > 0 then
    perform app.bump_scope_of(array(select m.id from public.members m where m.facilitator_id = any(moved)));
  end if;
  return null;
end;
$$;

revoke execute on function app.template_moves_trial_readers() from public, anon, authenticated;

create trigger template_moves_trial_readers after insert or update on public.timetables
  for each row when (new.kind = 'group_template')
  execute function app.template_moves_trial_readers();

-- Writes an inquiry's trials: one lesson item per child with a trial group and days while the
-- inquiry is on trial (status 'trial', not archived); the others are removed (softly, so devices
-- drop them). The office's trial note is what it shares with the group's facilitators. The id
-- follows the inquiry, the child and the group, so a child moved to another trial group is a new
-- record (a record never moves to another group).
create or replace function app.write_trials_of(inquiry public.inquiries) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  child jsonb;
  child_no bigint;
  group_name text;
  item_id text;
  kept text[] := '{}';
  item jsonb;
begin
  if inquiry.kind = 'family' and inquiry.status = 'trial' and not inquiry.archived
     and jsonb_typeof(inquiry.data -> 'children') = 'array' then
    for child, child_no in
      select c.value, c.ordinality from jsonb_array_elements(inquiry.data -> 'children') with ordinality c
    loop
      select r.data ->> 'name' into group_name from public.reference r
       where r.id = child ->> 'trialGroupUUID' and r.kind = 'group' and not r._deleted;
      continue when group_name is null or not app.is_date(child ->> 'trialStart')
                    or not app.is_date(child ->> 'trialEnd');
      item_id := 'trial-' || md5(inquiry.id || '/' || child_no || '/' || (child ->> 'trialGroupUUID'));
      kept := kept || item_id;
      item := jsonb_strip_nulls(jsonb_build_object(
        'inquiryId', inquiry.id,
        'familyName', inquiry.family_name,
        'submitted', to_char(inquiry.submitted at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
        'childName', nullif(btrim(concat_ws(' ', child ->> 'firstName', child ->> 'lastName')), ''),
        'dob', child ->> 'dob',
        'groupName', group_name,
        'trialStart', child ->> 'trialStart',
        'trialEnd', child ->> 'trialEnd',
        'note', case when length(btrim(coalesce(inquiry.data #>> '{trialNote,text}', ''))) > 0
                     then jsonb_build_object('text', inquiry.data #>> '{trialNote,text}',
                                             'edited', inquiry.data #>> '{trialNote,edited}',
                                             'editedBy', inquiry.data #>> '{trialNote,editedBy}') end));
      insert into public.lesson_items (id, kind, group_id, week_key, data)
      values (item_id, 'trial', child ->> 'trialGroupUUID',
              to_char((child ->> 'trialStart')::date, 'IYYY_IW'), item)
      on conflict (id) do update set data = excluded.data, week_key = excluded.week_key, _deleted = false
        where public.lesson_items.data is distinct from excluded.data
           or public.lesson_items.week_key is distinct from excluded.week_key
           or public.lesson_items._deleted;
    end loop;
  end if;
  update public.lesson_items li set _deleted = true
   where li.kind = 'trial' and li.data ->> 'inquiryId' = inquiry.id and not li._deleted
     and li.id <> all (kept);
end;
$$;

revoke execute on function app.write_trials_of(public.inquiries) from public, anon, authenticated;

create or replace function app.inquiry_writes_trials() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app.write_trials_of(new);
  return null;
end;
$$;

revoke execute on function app.inquiry_writes_trials() from public, anon, authenticated;

create trigger inquiry_writes_trials after insert or update on public.inquiries
  for each row execute function app.inquiry_writes_trials();

create index if not exists lesson_items_trial_inquiry_idx on public.lesson_items ((data ->> 'inquiryId'))
  where kind = 'trial';

-- The office and the facilitators who teach the trial group read its trials.
create policy "Staff and the group's facilitators read its trials" on public.lesson_items
  for select to authenticated
  using (kind = 'trial' and ((select app.is_staff())
                             or group_id = any ((select app.my_taught_group_ids())::text[])));

-- Notes (L11): facilitators' notes about a student or a group, private to facilitators and the
-- office (kind 'note') unless shared with the child's family when written (kind 'shared_note').

alter table public.lesson_items add constraint note_has_text_and_subject check (
  kind not in ('note', 'shared_note') or (
    length(btrim(coalesce(data ->> 'text', ''))) between 1 and 5000 and group_id is not null
    and (kind = 'note' or student_id is not null)));

comment on constraint note_has_text_and_subject on public.lesson_items is
  'A note needs some text (at most 5000 characters) and names its group; a shared note names the child.';

-- A guardian reads the notes shared with their family about their own children; a student reads
-- none, nor does any other family.
create policy "Guardians read the notes shared about their children" on public.lesson_items
  for select to authenticated
  using (kind = 'shared_note' and (select app.role()) = 'guardian'
         and student_id = any ((select app.my_student_ids())::text[]));

-- Absences (L10): a child away for one lesson or for a whole school day is a lesson item of kind
-- 'absence' that names the child. Facilitators mark them from the week, offline; guardians see
-- their own children's and report one ahead ("Ira will be away on Friday"), which reaches the
-- facilitators' Absences pane. Nobody else's family ever reads or writes them.

alter table public.lesson_items drop constraint lesson_items_kind_known;

alter table public.lesson_items add constraint lesson_items_kind_known
  check (kind in ('comment', 'resource', 'assignment', 'absence'));

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

-- Names the student in the refusal when an absence would move to another child.
create or replace function app.columns_are_fixed() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception 'A record cannot move to another %: remove it and add a new one.',
        case col when 'group_id' then 'group' when 'family_id' then 'family'
                 when 'student_id' then 'student' else replace(col, '_', ' ') end
        using errcode = 'P0001';
    end if;
  end loop;
  return new;
end;
$$;

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

-- Mixed-group lessons (L01): a lesson of a combined mixed group, in a given week, day and timing,
-- has its own topic, subtopic and details per subgroup. Each subgroup's lesson is a timetable
-- record of kind 'mixed_lesson' (no new collection): `group_id` holds the subgroup's id (fixed
-- once written, like a week's group), `week_key` the week, and `data` the combined group, day,
-- timing, the subgroup's facilitator and subject, and what the facilitator wrote. One record per
-- subgroup, so the facilitators of two subgroups never edit the same record, and a family
-- receives only the subgroups its children are in.

alter table public.timetables drop constraint timetables_kind_known;

alter table public.timetables add constraint timetables_kind_known
  check (kind in ('group_template', 'week', 'change_log', 'mixed_group', 'mixed_lesson'));

alter table public.timetables drop constraint timetable_days_are_lists;

alter table public.timetables add constraint timetable_days_are_lists
  check (kind in ('change_log', 'mixed_group', 'mixed_lesson') or app.valid_timetable_days(data -> 'days'));

comment on constraint timetable_days_are_lists on public.timetables is
  'A timetable lists its sessions per school day, Monday to Friday.';

-- A text field of a mixed lesson: absent, null, or a string of at most `most` characters.
create or replace function app.optional_text(value jsonb, most integer) returns boolean
language sql immutable set search_path = ''
as $$
  select value is null or jsonb_typeof(value) = 'null'
      or (jsonb_typeof(value) = 'string' and length(value #>> '{}') <= most)
$$;

grant execute on function app.optional_text(jsonb, integer) to authenticated, service_role;

alter table public.timetables add constraint mixed_lesson_names_its_lesson check (
  kind <> 'mixed_lesson' or (
    group_id is not null and week_key is not null
    and length(coalesce(data ->> 'mainMixedGroupId', '')) between 1 and 100
    and data ->> 'day' in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday')
    and length(coalesce(data ->> 'timingId', '')) between 1 and 100
    and app.optional_text(data -> 'topic', 200) and app.optional_text(data -> 'subtopic', 200)
    and app.optional_text(data -> 'details', 2000)));

comment on constraint mixed_lesson_names_its_lesson on public.timetables is
  'A mixed-group lesson names its subgroup, week, mixed group, day and timing; details are at most 2000 characters.';

-- The subgroups the calling facilitator teaches (they are the subgroup's facilitator).
create or replace function app.my_mixed_subgroup_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(s.key), '{}')
    from public.timetables t,
         jsonb_each(case when jsonb_typeof(t.data -> 'subgroups') = 'object' then t.data -> 'subgroups' else '{}'::jsonb end) s
   where t.kind = 'mixed_group' and not t._deleted
     and app.is_facilitator() and s.value ->> 'facilitatorId' = app.facilitator_id()
$$;

revoke execute on function app.my_mixed_subgroup_ids() from public, anon;

grant execute on function app.my_mixed_subgroup_ids() to authenticated, service_role;

-- The subgroups the caller's children are in (a guardian's children, a student's own record).
create or replace function app.family_mixed_subgroup_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct s.key), '{}')
    from public.timetables t,
         jsonb_each(case when jsonb_typeof(t.data -> 'subgroups') = 'object' then t.data -> 'subgroups' else '{}'::jsonb end) s
   where t.kind = 'mixed_group' and not t._deleted
     and jsonb_typeof(s.value -> 'students') = 'object'
     and (s.value -> 'students') ?| app.my_student_ids()
$$;

revoke execute on function app.family_mixed_subgroup_ids() from public, anon;

grant execute on function app.family_mixed_subgroup_ids() to authenticated, service_role;

-- The subgroup's facilitator writes its lessons (facilitator admins and the office already may
-- write any timetable record).
create policy "Facilitators write their subgroups' lessons" on public.timetables
  for insert to authenticated
  with check (kind = 'mixed_lesson' and group_id = any ((select app.my_mixed_subgroup_ids())::text[]));

create policy "Facilitators change their subgroups' lessons" on public.timetables
  for update to authenticated
  using (kind = 'mixed_lesson' and group_id = any ((select app.my_mixed_subgroup_ids())::text[]))
  with check (kind = 'mixed_lesson' and group_id = any ((select app.my_mixed_subgroup_ids())::text[]));

-- A family reads the lessons of the subgroups its children are in, and no other subgroup's.
create policy "Families read their children's subgroup lessons" on public.timetables
  for select to authenticated
  using (kind = 'mixed_lesson' and group_id = any ((select app.family_mixed_subgroup_ids())::text[]));

-- Which family reads a subgroup's lessons follows the subgroup's children: when a child joins or
-- leaves a subgroup (or the combined group is removed), their family's devices re-pull, so a
-- family whose child left drops that subgroup's lessons.
create or replace function app.mixed_group_moves_family_readers() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  before_pairs text[];
  after_pairs text[];
  moved text[];
begin
  select coalesce(array_agg(s.key || '|' || c.key), '{}') into before_pairs
    from jsonb_each(case when tg_op = 'UPDATE' and not old._deleted and jsonb_typeof(old.data -> 'subgroups') = 'object'
                         then old.data -> 'subgroups' else '{}'::jsonb end) s,
         jsonb_each(case when jsonb_typeof(s.value -> 'students') = 'object' then s.value -> 'students' else '{}'::jsonb end) c;
  select coalesce(array_agg(s.key || '|' || c.key), '{}') into after_pairs
    from jsonb_each(case when not new._deleted and jsonb_typeof(new.data -> 'subgroups') = 'object'
                         then new.data -> 'subgroups' else '{}'::jsonb end) s,
         jsonb_each(case when jsonb_typeof(s.value -> 'students') = 'object' then s.value -> 'students' else '{}'::jsonb end) c;
  select coalesce(array_agg(distinct split_part(x, '|', 2)), '{}') into moved
    from ((select unnest(before_pairs) except select unnest(after_pairs))
          union
          (select unnest(after_pairs) except select unnest(before_pairs))) m(x);
  if cardinality(moved) > 0 then
    perform app.bump_scope_of(array(
      select m.id from public.members m
        join public.students s on s.id = any(moved)
       where (m.role = 'guardian' and m.family_token is not null and m.family_token = s.family_id)
          or (m.role = 'student' and exists (
                select 1 from public.family_contacts c where c.id = s.contact_id and c.member_id = m.id))));
  end if;
  return null;
end;
$$;

revoke execute on function app.mixed_group_moves_family_readers() from public, anon, authenticated;

create trigger mixed_group_moves_family_readers after insert or update on public.timetables
  for each row when (new.kind = 'mixed_group')
  execute function app.mixed_group_moves_family_readers();

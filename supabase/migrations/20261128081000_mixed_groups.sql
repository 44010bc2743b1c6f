-- Combined mixed groups (L02–L05): a facilitator admin puts children of several groups into
-- subgroups (a facilitator, a subject, a classroom). They are timetable records of kind
-- 'mixed_group', kept on the devices and synced like the weeks: facilitator admins and office
-- staff write them (the existing write policies), every facilitator reads them, and families
-- never receive them (their read policy names templates and weeks only).

alter table public.timetables drop constraint timetables_kind_known;

alter table public.timetables add constraint timetables_kind_known
  check (kind in ('group_template', 'week', 'change_log', 'mixed_group'));

alter table public.timetables drop constraint timetable_days_are_lists;

alter table public.timetables add constraint timetable_days_are_lists
  check (kind in ('change_log', 'mixed_group') or app.valid_timetable_days(data -> 'days'));

comment on constraint timetable_days_are_lists on public.timetables is
  'A timetable lists its sessions per school day, Monday to Friday.';

-- The shape of a combined mixed group: a name, and subgroups keyed by id, each naming its
-- facilitator and subject and holding its children keyed by id (with their group).
create or replace function app.valid_mixed_group(data jsonb) returns boolean
language sql immutable set search_path = ''
as $$
  select jsonb_typeof(data -> 'name') = 'string'
     and length(btrim(data ->> 'name')) between 1 and 100
     and jsonb_typeof(data -> 'subgroups') = 'object'
     and coalesce((
       select bool_and(
                jsonb_typeof(s.value) = 'object'
            and length(coalesce(s.value ->> 'facilitatorId', '')) between 1 and 100
            and length(coalesce(s.value ->> 'subjectId', '')) between 1 and 100
            and jsonb_typeof(s.value -> 'students') = 'object'
            and coalesce((
              select bool_and(jsonb_typeof(c.value) = 'object'
                              and length(coalesce(c.value ->> 'student', '')) between 1 and 200
                              and length(coalesce(c.value ->> 'groupId', '')) between 1 and 100)
                from jsonb_each(s.value -> 'students') c), true))
         from jsonb_each(data -> 'subgroups') s), true)
$$;

grant execute on function app.valid_mixed_group(jsonb) to authenticated, service_role;

alter table public.timetables add constraint mixed_group_is_named_with_subgroups check (
  kind <> 'mixed_group' or (group_id is null and week_key is null and app.valid_mixed_group(data)));

comment on constraint mixed_group_is_named_with_subgroups on public.timetables is
  'A mixed group needs a name (at most 100 characters) and subgroups each with a facilitator and a subject.';

-- L04: a child is in at most one subgroup of a combined group; L05: a combined group a group's
-- weekly template still uses (a session naming it as its main mixed group) is not removed. Both
-- refusals read as the spec's messages, which the devices show as they do their own.
create or replace function app.check_mixed_group() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  twice record;
  used record;
begin
  if new.kind <> 'mixed_group' or jsonb_typeof(new.data -> 'subgroups') is distinct from 'object' then
    return new;
  end if;
  if not new._deleted then
    select c.key as child, min(c.value ->> 'student') as student
      into twice
      from jsonb_each(new.data -> 'subgroups') s,
           jsonb_each(case when jsonb_typeof(s.value -> 'students') = 'object'
                           then s.value -> 'students' else '{}'::jsonb end) c
     group by c.key
    having count(*) > 1
     limit 1;
    if found then
      -- Named after the subgroup the child was in before this change, else the first one.
      select s.value ->> 'facilitator' as facilitator, s.value ->> 'subject' as subject
        into used
        from jsonb_each(new.data -> 'subgroups') s
       where s.value -> 'students' ? twice.child
       order by (tg_op = 'UPDATE' and coalesce(old.data -> 'subgroups' -> s.key -> 'students' ? twice.child, false)) desc, s.key
       limit 1;
      raise exception '% already in mixed group (% - %)', twice.student, used.facilitator, used.subject
        using errcode = 'P0001';
    end if;
  elsif tg_op = 'UPDATE' and not old._deleted then
    select t.data ->> 'groupName' as group_name, d.key as day,
           coalesce(r.data ->> 'timing', x.value ->> 'timingId') as timing
      into used
      from public.timetables t
     cross join lateral jsonb_each(t.data -> 'days') d
     cross join lateral jsonb_array_elements(case when jsonb_typeof(d.value) = 'array' then d.value else '[]'::jsonb end) x
      left join public.reference r on r.id = x.value ->> 'timingId' and r.kind = 'session_timing'
     where t.kind = 'group_template' and not t._deleted and coalesce(t.data ->> 'status', 'active') = 'active'
       and x.value ->> 'mainMixedGroupId' = new.id
     order by t.data ->> 'groupName',
              array_position(array['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], d.key)
     limit 1;
    if found then
      raise exception '% is still in use: % on %, %', old.data ->> 'name', used.group_name,
        initcap(used.day), used.timing using errcode = 'P0001';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function app.check_mixed_group() from public, anon;

create trigger mixed_group_rules before insert or update on public.timetables
  for each row execute function app.check_mixed_group();

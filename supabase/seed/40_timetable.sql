-- Demo timetable: a weekly template for each group, built from the demo timings, subjects,
-- classrooms and facilitators, so the facilitator dashboard has lessons to show. Nobody is in two
-- places at once: each group keeps its own room all day, and each day every facilitator spends
-- the whole day with one group (the two groups left over that day have no facilitator yet).
do $$
declare
  g record;
  day text;
  slot int;
  days jsonb;
  sessions jsonb;
  subjects text[] := array['rs-circle', 'rs-maths', 'rs-english', 'rs-science', 'rs-konkani', 'rs-hindi', 'rs-art', 'rs-music', 'rs-nature'];
  rooms text[] := array['rc-banyan', 'rc-mango', 'rc-cashew', 'rc-garden', 'rc-studio', 'rc-verandah'];
  facilitators text[] := array['f0000000-0000-4000-a000-000000000001', 'f0000000-0000-4000-a000-000000000002', 'f0000000-0000-4000-a000-000000000003', 'f0000000-0000-4000-a000-000000000004'];
  day_index int;
  teacher int;
  group_index int := 0;
begin
  for g in select id, data from public.reference where kind = 'group' order by id loop
    group_index := group_index + 1;
    days := '{}'::jsonb;
    day_index := 0;
    foreach day in array array['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] loop
      day_index := day_index + 1;
      sessions := '[]'::jsonb;
      -- Facilitator k is with group ((k + day) mod 6) + 1 on that day.
      teacher := ((group_index - 1 - day_index) % 6 + 6) % 6;
      for slot in 1..5 loop
        sessions := sessions || jsonb_build_array(jsonb_build_object(
          'id', format('%s_%s_%s', g.id, substr(day, 1, 2), slot),
          'timingId', format('rt-%s-%s', g.data ->> 'timingSet', slot),
          'subjectId', case when slot = 1 then 'rs-circle'
                            else subjects[2 + ((slot + day_index + group_index) % 8)] end,
          'classroomId', rooms[1 + ((group_index - 1) % 6)],
          'groupId', g.id,
          'facilitatorId', case when teacher between 1 and 4 then facilitators[teacher] end,
          'topicId', null, 'topic', null, 'subtopicId', null, 'subtopic', null,
          'isMixedGroup', false, 'students', '[]'::jsonb));
      end loop;
      days := days || jsonb_build_object(day, sessions);
    end loop;
    insert into public.timetables (id, kind, group_id, week_key, data)
    values ('tpl_' || g.id, 'group_template', g.id, null,
            jsonb_build_object('groupName', g.data ->> 'name', 'status', 'active', 'days', days))
    on conflict (id) do nothing;
  end loop;
end;
$$;

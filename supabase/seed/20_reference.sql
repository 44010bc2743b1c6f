-- Demo reference data: the centre's timings, subjects, classrooms, groups, fee tariffs and the
-- holidays of two academic years, plus a few default topics.

insert into public.reference (id, kind, data) values
  -- Timing set 1 (the younger groups) and set 2 (the older groups, who start and end later).
  ('rt-1-1', 'session_timing', '{"timing": "09:30 - 10:15", "groupNumber": 1}'),
  ('rt-1-2', 'session_timing', '{"timing": "10:15 - 11:00", "groupNumber": 1}'),
  ('rt-1-3', 'session_timing', '{"timing": "11:30 - 12:30", "groupNumber": 1}'),
  ('rt-1-4', 'session_timing', '{"timing": "13:30 - 14:15", "groupNumber": 1}'),
  ('rt-1-5', 'session_timing', '{"timing": "14:15 - 15:00", "groupNumber": 1}'),
  ('rt-2-1', 'session_timing', '{"timing": "09:30 - 10:30", "groupNumber": 2}'),
  ('rt-2-2', 'session_timing', '{"timing": "10:30 - 11:00", "groupNumber": 2}'),
  ('rt-2-3', 'session_timing', '{"timing": "11:15 - 12:30", "groupNumber": 2}'),
  ('rt-2-4', 'session_timing', '{"timing": "13:30 - 14:30", "groupNumber": 2}'),
  ('rt-2-5', 'session_timing', '{"timing": "14:30 - 15:00", "groupNumber": 2}'),
  ('rs-maths', 'subject', '{"name": "Mathematics", "color": "#1864ab", "mixedGroup": false}'),
  ('rs-english', 'subject', '{"name": "English", "color": "#c92a2a", "mixedGroup": false}'),
  ('rs-science', 'subject', '{"name": "Science", "color": "#2b8a3e", "mixedGroup": false}'),
  ('rs-konkani', 'subject', '{"name": "Konkani", "color": "#e67700", "mixedGroup": false}'),
  ('rs-hindi', 'subject', '{"name": "Hindi", "color": "#862e9c", "mixedGroup": false}'),
  ('rs-art', 'subject', '{"name": "Art", "color": "#e64980", "mixedGroup": true}'),
  ('rs-music', 'subject', '{"name": "Music", "color": "#5f3dc4", "mixedGroup": true}'),
  ('rs-nature', 'subject', '{"name": "Nature Walk", "color": "#5c940d", "mixedGroup": true}'),
  ('rs-circle', 'subject', '{"name": "Morning Circle", "color": "#0b7285", "mixedGroup": false}'),
  ('rc-banyan', 'classroom', '{"name": "Banyan Room"}'),
  ('rc-mango', 'classroom', '{"name": "Mango Room"}'),
  ('rc-cashew', 'classroom', '{"name": "Cashew Room"}'),
  ('rc-garden', 'classroom', '{"name": "Garden"}'),
  ('rc-studio', 'classroom', '{"name": "Art Studio"}'),
  ('rc-verandah', 'classroom', '{"name": "Verandah"}'),
  ('rg-jaul', 'group', '{"name": "Jaul", "timingSet": 1, "status": "active", "feeTariffId": "rf-16700"}'),
  ('rg-tanni', 'group', '{"name": "Tanni", "timingSet": 1, "status": "active", "feeTariffId": "rf-14500"}'),
  ('rg-paani', 'group', '{"name": "Paani", "timingSet": 2, "status": "active", "feeTariffId": "rf-14500"}'),
  ('rg-vaaro', 'group', '{"name": "Vaaro", "timingSet": 2, "status": "active", "feeTariffId": "rf-14500"}'),
  ('rg-rukh', 'group', '{"name": "Rukh", "timingSet": 2, "status": "active", "feeTariffId": "rf-14500"}'),
  ('rg-dongor', 'group', '{"name": "Dongor", "timingSet": 2, "status": "active", "feeTariffId": "rf-14500"}'),
  ('rf-14500', 'fee_tariff', '{"name": "Monthly fee", "amount": 14500}'),
  ('rf-16700', 'fee_tariff', '{"name": "Monthly fee (extended programme)", "amount": 16700}'),
  ('rh-2526-summer', 'holiday', '{"description": "Summer break", "startDate": "2026-04-25", "endDate": "2026-05-31", "singleDay": false, "academicYear": "2025-26"}'),
  ('rh-2526-independence', 'holiday', '{"description": "Independence Day", "startDate": "2025-08-15", "endDate": "2025-08-15", "singleDay": true, "academicYear": "2025-26"}'),
  ('rh-2526-termbreak', 'holiday', '{"description": "Term break", "startDate": "2025-10-20", "endDate": "2025-10-24", "singleDay": false, "academicYear": "2025-26"}'),
  ('rh-2526-gandhi', 'holiday', '{"description": "Gandhi Jayanti", "startDate": "2025-10-02", "endDate": "2025-10-02", "singleDay": true, "academicYear": "2025-26"}'),
  ('rh-2526-winter', 'holiday', '{"description": "Winter break", "startDate": "2025-12-22", "endDate": "2026-01-02", "singleDay": false, "academicYear": "2025-26"}'),
  ('rh-2526-republic', 'holiday', '{"description": "Republic Day", "startDate": "2026-01-26", "endDate": "2026-01-26", "singleDay": true, "academicYear": "2025-26"}'),
  ('rh-2627-independence', 'holiday', '{"description": "Independence Day", "startDate": "2026-08-15", "endDate": "2026-08-15", "singleDay": true, "academicYear": "2026-27"}'),
  ('rh-2627-gandhi', 'holiday', '{"description": "Gandhi Jayanti", "startDate": "2026-10-02", "endDate": "2026-10-02", "singleDay": true, "academicYear": "2026-27"}'),
  ('rh-2627-termbreak', 'holiday', '{"description": "Term break", "startDate": "2026-10-19", "endDate": "2026-10-23", "singleDay": false, "academicYear": "2026-27"}'),
  ('rh-2627-winter', 'holiday', '{"description": "Winter break", "startDate": "2026-12-21", "endDate": "2027-01-01", "singleDay": false, "academicYear": "2026-27"}'),
  ('rh-2627-republic', 'holiday', '{"description": "Republic Day", "startDate": "2027-01-26", "endDate": "2027-01-26", "singleDay": true, "academicYear": "2026-27"}'),
  ('rh-2627-summer', 'holiday', '{"description": "Summer break", "startDate": "2027-04-24", "endDate": "2027-05-31", "singleDay": false, "academicYear": "2026-27"}')
on conflict (id) do nothing;

insert into public.topics (id, kind, facilitator_id, subject_id, topic_id, data) values
  ('tp-fractions', 'topic', null, 'rs-maths', null, '{"name": "Fractions", "description": "Parts of a whole"}'),
  ('tp-fractions-halves', 'subtopic', null, 'rs-maths', 'tp-fractions', '{"name": "Halves and quarters", "description": ""}'),
  ('tp-fractions-compare', 'subtopic', null, 'rs-maths', 'tp-fractions', '{"name": "Comparing fractions", "description": ""}'),
  ('tp-plants', 'topic', null, 'rs-science', null, '{"name": "Plants of Goa", "description": "What grows around the centre"}'),
  ('tp-plants-seeds', 'subtopic', null, 'rs-science', 'tp-plants', '{"name": "Seeds and sprouting", "description": ""}'),
  ('tp-stories', 'topic', null, 'rs-english', null, '{"name": "Story writing", "description": ""}'),
  ('tp-asha-water', 'topic', 'f0000000-0000-4000-a000-000000000001', 'rs-science', null, '{"name": "The water cycle", "description": "Monsoon, rivers and the sea"}'),
  ('tp-asha-water-rain', 'subtopic', 'f0000000-0000-4000-a000-000000000001', 'rs-science', 'tp-asha-water', '{"name": "Measuring rain", "description": ""}'),
  ('tp-rahul-shapes', 'topic', 'f0000000-0000-4000-a000-000000000002', 'rs-maths', null, '{"name": "Shapes and patterns", "description": "Rangoli, tiles and symmetry"}')
on conflict (id) do nothing;

-- The demo groups' students (K19: a group holds its students).
update public.reference set data = data || jsonb_build_object('students', s.students)
  from (values
    ('rg-jaul', '[{"id": "st-tiago", "name": "Tiago Fernandes"}, {"id": "st-ira", "name": "Ira Naik"}, {"id": "st-kabir", "name": "Kabir Shetty"}]'::jsonb),
    ('rg-tanni', '[{"id": "st-anya", "name": "Anya Dsouza"}, {"id": "st-vivaan", "name": "Vivaan Kamat"}]'::jsonb),
    ('rg-paani', '[{"id": "st-meera", "name": "Meera Pai"}, {"id": "st-rohan", "name": "Rohan Gomes"}]'::jsonb),
    ('rg-vaaro', '[{"id": "st-sara", "name": "Sara Colaco"}]'::jsonb),
    ('rg-rukh', '[{"id": "st-arjun", "name": "Arjun Borkar"}]'::jsonb),
    ('rg-dongor', '[{"id": "st-leela", "name": "Leela Prabhu"}]'::jsonb)
  ) as s(id, students)
 where public.reference.id = s.id;

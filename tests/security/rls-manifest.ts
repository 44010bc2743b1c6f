// The RLS matrix (issue 10): for every table and every function of the database, what each role
// may do. A table or function the database has and this manifest does not list fails the suite,
// so a new feature adds its rows here: copy the nearest entry, give a sample row or call, and
// write down who may do what.
//
// Tables: `sample` is one row the table accepts (run as each role for `insert`); `touch` sets a
// column to itself (for `update`); `via` names the function writes must go through. Answers: 'deny' (PostgreSQL refuses: no privilege, or a row
// the policies do not allow), 'none' (allowed, but no row is the role's), 'some' (some rows),
// 'all' (every row), or 'refuse <SQLSTATE>' (a check or trigger refuses). Replicated tables are
// deleted softly through sync, so DELETE is refused to everyone on them.
//
// Functions: `call` with sample arguments, or null for trigger functions (only EXECUTE is
// checked). Answers: 'deny' (no EXECUTE), 'allow' (runs), 'refuse <SQLSTATE>' (runs and refuses,
// e.g. 'refuse 42501' for "Only admins ...").
import { each, FACILITATORS, roles, STAFF, type Role } from './rls-roles.ts'

export type RowsAnswer = 'deny' | 'none' | 'some' | 'all' | `refuse ${string}`
export type InsertAnswer = 'deny' | 'allow' | `refuse ${string}`
export type ExecuteAnswer = 'deny' | 'allow' | `refuse ${string}`

export interface TableEntry {
  /** The table, when the entry is one kind of its records (the key then names the kind). */
  table?: string
  /** Which of the table's rows the entry is about (a WHERE condition), with `table`. */
  only?: string
  sample: string
  touch: string
  /**
   * The function people write this table through (`app.writer`). Its insert/update/delete answers
   * are then what that function may write for each role (row-level security decides), and every
   * direct write (PostgREST's /rest/v1 path on Supabase) must be refused to every role.
   */
  via?: string
  select: Record<Role, RowsAnswer>
  insert: Record<Role, InsertAnswer>
  update: Record<Role, RowsAnswer>
  delete: Record<Role, RowsAnswer>
}

export interface FunctionEntry {
  call: string | null
  execute: Record<Role, ExecuteAnswer>
}

/** Schemas whose every table and function the matrix covers, and the platform tables it adds. */
export const COVERED_SCHEMAS = ['public', 'app']
export const PLATFORM_TABLES = ['storage.objects', 'storage.buckets', 'realtime.messages']

/**
 * Rows the tables hold before the matrix runs (added by the owner to the seeded demo centre), so
 * that each answer can be told apart: everyone's rows, someone's own, nobody's.
 */
export const FIXTURES = `
insert into public.login_history (member_id, app_version) values
  ('00000000-0000-4000-a000-000000000001', '1.0.54'), ('00000000-0000-4000-a000-000000000006', '1.0.54'),
  ('00000000-0000-4000-a000-000000000004', '1.0.54');
insert into public.system_errors (source, message) values ('matrix', 'an error');
insert into public.payments (id, family_id, student_id, kind, status, data) values
  ('pay-matrix-naik', 'demo-family-naik', 'st-ira', 'fee', 'recorded', '{"paymentType": "Monthly Fee", "paymentOption": "Cash", "feeYear": "2026-27", "receivedFrom": "Priya Naik", "amount": 16700, "paymentDate": "2026-11-02", "familyName": "Naik", "sendEmail": false}');
insert into public.feedback (id, kind, term, group_id, subject_id, facilitator_id, student_id, status, data) values
  ('fb-matrix-group', 'group', '2026_2027_2', 'rg-jaul', 'rs-maths', 'f0000000-0000-4000-a000-000000000001', null, 'released', '{"projectedCurriculum": "Fractions", "coveredCurriculum": "Fractions and decimals"}'),
  ('fb-matrix-tiago', 'student', '2026_2027_2', 'rg-jaul', 'rs-maths', 'f0000000-0000-4000-a000-000000000001', 'st-tiago', 'released', '{"title": "Fractions", "feedback": "Works well", "groupFeedbackId": "fb-matrix-group", "color": "green", "notParticipating": false, "studentName": "Tiago Fernandes"}'),
  ('fb-matrix-tiago-draft', 'student', '2026_2027_2', 'rg-jaul', 'rs-science', 'f0000000-0000-4000-a000-000000000002', 'st-tiago', 'draft', '{"title": "Plants", "feedback": "Still writing", "groupFeedbackId": null, "color": "yellow", "notParticipating": false, "studentName": "Tiago Fernandes"}'),
  ('fb-matrix-kabir', 'student', '2026_2027_2', 'rg-jaul', 'rs-maths', 'f0000000-0000-4000-a000-000000000001', 'st-kabir', 'released', '{"title": "Fractions", "feedback": "Keeps trying", "groupFeedbackId": "fb-matrix-group", "color": "orange", "notParticipating": false, "studentName": "Kabir Shetty"}');
insert into public.gatherings (id, kind, group_ids, status, data) values
  ('mt-matrix-jaul', 'meeting', '{rg-jaul}', 'pending', '{"title": "Term review", "date": "2026-12-12", "startTime": "10:00", "endTime": "11:00"}'),
  ('mt-matrix-vaaro', 'meeting', '{rg-vaaro}', 'pending', '{"title": "Camp", "date": "2026-12-13", "startTime": "10:00", "endTime": "11:00"}');
insert into public.gatherings (id, kind, group_ids, status, data) values
  ('ft-matrix-jaul', 'field_trip', '{rg-jaul}', 'pending', '{"title": "Garden", "fee": 300, "startDate": "2027-01-14", "endDate": "2027-01-14", "studentIds": [], "facilitatorIds": [], "parents": []}'),
  ('ft-matrix-jaul-old', 'field_trip', '{rg-jaul}', 'pending', '{"title": "Old trip", "fee": 0, "startDate": "2026-09-14", "endDate": "2026-09-14", "studentIds": [], "facilitatorIds": [], "parents": []}'),
  ('ft-matrix-vaaro', 'field_trip', '{rg-vaaro}', 'pending', '{"title": "Museum", "fee": 0, "startDate": "2027-02-14", "endDate": "2027-02-14", "studentIds": [], "facilitatorIds": [], "parents": []}');
update public.gatherings set status = 'archived' where id = 'ft-matrix-jaul-old';
insert into public.system_warnings (source, message) values ('matrix', 'a warning');
select app.notify(id, 'matrix', 'A matrix notice') from public.members;
insert into public.admission_steps (id, inquiry_id, kind) values ('step-matrix-fixture', 'inq-demo-keller', 'meeting');
insert into public.email_templates (name, subject, html) values ('meeting', 'Our meeting', '<p>See you</p>');
insert into public.unregistered_signins (email) values ('visitor@gmail.com');
insert into public.email_outbox (id, sender, recipients, subject, html_body, email_type, email_trigger, triggered_by, status) values
  ('mail-matrix-failed', 'office@demo.school', array['parent@demo.school'], 'Failed', '<p>x</p>', 'Webmail', 'matrix', '00000000-0000-4000-a000-000000000003', 'failed'),
  ('mail-matrix-admin', 'office@demo.school', array['parent@demo.school'], 'Admin', '<p>x</p>', 'Webmail', 'matrix', '00000000-0000-4000-a000-000000000001', 'sent');
insert into public.lesson_items (id, kind, week_key, lesson_id, group_id, facilitator_id, data) values
  ('li-matrix-1', 'comment', '2026_48', 'rg-dongor_mo_1', 'rg-dongor', 'f0000000-0000-4000-a000-000000000001', '{"text": "Mine"}'),
  ('li-matrix-2', 'comment', '2026_48', 'rg-dongor_mo_1', 'rg-dongor', 'f0000000-0000-4000-a000-000000000002', '{"text": "Theirs"}'),
  ('li-matrix-3', 'assignment', '2026_48', 'rg-jaul_mo_1', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', '{"title": "Read chapter 2"}'),
  ('li-matrix-4', 'comment', '2026_48', 'rg-jaul_mo_1', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', '{"text": "A note for facilitators"}');
insert into public.lesson_items (id, kind, week_key, lesson_id, group_id, facilitator_id, student_id, data) values
  ('li-matrix-ab-1', 'absence', '2026_48', '2026_48:rg-jaul_mo_1', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-tiago', '{"date": "2026-11-23", "reportedBy": "facilitator"}'),
  ('li-matrix-ab-2', 'absence', '2030_02', null, 'rg-jaul', null, 'st-tiago', '{"date": "2030-01-10", "reportedBy": "family", "reason": "Dentist"}'),
  ('li-matrix-ab-3', 'absence', '2030_02', null, 'rg-jaul', null, 'st-ira', '{"date": "2030-01-10", "reportedBy": "family"}'),
  ('li-matrix-ab-4', 'absence', '2026_48', null, 'rg-jaul', 'f0000000-0000-4000-a000-000000000002', 'st-kabir', '{"date": "2026-11-23", "reportedBy": "facilitator"}');
insert into public.lesson_items (id, kind, week_key, group_id, facilitator_id, student_id, data) values
  ('li-matrix-note-1', 'note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-tiago', '{"text": "Reads aloud now"}'),
  ('li-matrix-note-2', 'note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000002', null, '{"text": "A calm week"}'),
  ('li-matrix-shared-1', 'shared_note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-tiago', '{"text": "Tiago helped a friend"}'),
  ('li-matrix-shared-2', 'shared_note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000002', 'st-ira', '{"text": "Ira led the circle"}');
insert into public.timetables (id, kind, data) values
  ('mg-matrix', 'mixed_group', '{"name": "Matrix mixed", "subgroups": {"msg-1": {"facilitatorId": "f0000000-0000-4000-a000-000000000001", "facilitator": "Asha", "subjectId": "rs-maths", "subject": "Maths", "classroomId": null, "classroom": null, "students": {"st-ira": {"student": "Ira Naik", "groupId": "rg-jaul", "group": "Jaul"}}}}}');
insert into public.timetables (id, kind, data) values
  ('mg-matrix-2', 'mixed_group', '{"name": "Matrix mixed 2", "subgroups": {"msg-2": {"facilitatorId": "f0000000-0000-4000-a000-000000000002", "facilitator": "Rahul", "subjectId": "rs-art", "subject": "Art", "classroomId": null, "classroom": null, "students": {"st-tiago": {"student": "Tiago Fernandes", "groupId": "rg-jaul", "group": "Jaul"}}}}}');
insert into public.timetables (id, kind, group_id, week_key, data) values
  ('ml-matrix-1', 'mixed_lesson', 'msg-1', '2026_48', '{"mainMixedGroupId": "mg-matrix", "day": "friday", "timingId": "rt-1", "facilitatorId": "f0000000-0000-4000-a000-000000000001", "subjectId": "rs-maths", "topicId": null, "topic": "Shapes", "subtopicId": null, "subtopic": null, "details": "Bring scissors"}'),
  ('ml-matrix-2', 'mixed_lesson', 'msg-2', '2026_48', '{"mainMixedGroupId": "mg-matrix-2", "day": "friday", "timingId": "rt-1", "facilitatorId": "f0000000-0000-4000-a000-000000000002", "subjectId": "rs-art", "topicId": null, "topic": "Clay", "subtopicId": null, "subtopic": null, "details": ""}');
insert into storage.objects (bucket_id, name, owner) values
  ('images', 'matrix/logo.png', null),
  ('documents', '00000000-0000-4000-a000-000000000006/passport.pdf', '00000000-0000-4000-a000-000000000006'),
  ('documents', '00000000-0000-4000-a000-000000000007/aadhaar.pdf', '00000000-0000-4000-a000-000000000007'),
  ('documents', 'families/demo-family-naik/daniel-passport.pdf', '00000000-0000-4000-a000-000000000008');
insert into realtime.messages (topic, extension, payload, event, private) values ('sync', 'broadcast', '{}', 'poke', false);
select public.throttle('matrix', 'someone', 10, 60);
insert into public.whatsapp (id, kind, wa_id, data) values
  ('wa-919000000055', 'number', '919000000055', '{"name": "Matrix Parent", "status": "Active"}');
insert into public.whatsapp (id, kind, wa_id, data) values
  ('wm-matrix', 'message', '919000000055', '{"direction": "out", "body": "Hello", "mode": "template"}');
insert into app.receipt_counters (fee_year, last_number) values ('2039-40', 3);
insert into app.dispatcher_calls (dispatcher, request_id) values ('outbox', 7);
insert into app.mail_transport (id, configured) values (true, false);
insert into app.onboarding_confirmations (token_hash, inquiry_id, answers) values (repeat('c', 64), 'inq-demo-keller', '{}');
`

export const TABLES: Record<string, TableEntry> = {
  'app.rate_limits': {
    sample: `insert into app.rate_limits (bucket, key, window_start, hits) values ('matrix', repeat('a', 64), now(), 1)`,
    touch: 'hits = hits',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.dispatcher_calls': {
    sample: `insert into app.dispatcher_calls (dispatcher, request_id) values ('whatsapp', 1)`,
    touch: 'request_id = request_id',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.mail_transport': {
    sample: `insert into app.mail_transport (id, configured) values (true, false) on conflict (id) do nothing`,
    touch: 'configured = configured',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.scheduled_tasks': {
    sample: `insert into app.scheduled_tasks (name, label, description, every_minutes, cron, position) values ('matrix-job', 'Matrix', 'x', 5, '*/5 * * * *', 9)`,
    touch: 'label = label',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.onboarding_confirmations': {
    sample: `insert into app.onboarding_confirmations (token_hash, inquiry_id, answers) values (repeat('b', 64), 'inq-demo-naik', '{}')`,
    touch: 'answers = answers',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.receipt_counters': {
    sample: `insert into app.receipt_counters (fee_year, last_number) values ('2040-41', 1)`,
    touch: 'last_number = last_number',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.sync_state': {
    sample: `insert into app.sync_state (id) values (true)`,
    touch: 'epoch = epoch',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'app.sync_collections': {
    sample: `insert into app.sync_collections (name, server_columns) values ('matrix_table', '{}')`,
    touch: 'name = name',
    select: roles('all', { anon: 'deny' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.app_settings': {
    sample: `insert into public.app_settings (id) values ('shared')`,
    touch: 'pagination_limit = pagination_limit',
    select: roles('all', { anon: 'deny', blocked: 'none' }),
    insert: roles('deny'),
    update: roles('none', { anon: 'deny', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.email_outbox': {
    sample: `insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger, triggered_by) values ('office@demo.school', array['parent@demo.school'], 'Matrix', '<p>x</p>', 'Webmail', 'matrix', (select auth.uid()))`,
    touch: 'subject = subject',
    // What the log lists is readable (a body is not: see the attacks on the mail); mail is queued
    // only through functions (webmail, receipts, admission steps, account e-mails).
    select: roles('none', { anon: 'deny', admission: 'some', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.facilitators': {
    via: 'sync_push',
    sample: `insert into public.facilitators (id, name, email) values ('f-matrix', 'Matrix Person', 'matrix@demo.school')`,
    touch: 'name = name',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'none',
      student: 'none',
    }),
    insert: roles('deny', { admin: 'allow' }),
    update: roles('none', { anon: 'deny', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.families': {
    via: 'sync_push',
    sample: `insert into public.families (id, status, name, data) values ('fam-matrix', 'enrolled', 'Matrix', '{"guardians": []}')`,
    touch: 'data = data',
    select: roles('none', {
      anon: 'deny',
      guardian: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    update: roles('none', {
      anon: 'deny',
      guardian: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  'public.family_contacts': {
    sample: `insert into public.family_contacts (family_token, member_type, name, email, whatsapp) values ('demo-family-fernandes', 'guardian', 'Matrix Parent', 'matrix.parent@demo.school', '919000000099')`,
    touch: 'name = name',
    select: roles('none', {
      anon: 'deny',
      guardian: 'some',
      student: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    update: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    delete: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
  },
  'public.inquiries': {
    via: 'sync_push',
    sample: `insert into public.inquiries (id, kind, family_name, data) values ('inq-matrix', 'family', 'Matrix', '{"maritalStatus": "Married", "children": [], "guardians": []}')`,
    touch: 'potential = potential',
    select: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    update: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.lesson_items': {
    // Trials and notes are entries of their own (below).
    only: `kind not in ('trial', 'note', 'shared_note')`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, lesson_id, group_id, facilitator_id, data) values ('li-matrix', 'comment', '2026_48', 'rg-dongor_mo_1', 'rg-dongor', 'f0000000-0000-4000-a000-000000000001', '{"text": "A comment"}')`,
    touch: 'data = data',
    // Families: their groups' assignments and resources only, never the comments.
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', {
      facilitator: 'allow',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
    // Besides their own items, guardians change what their family reported and parent
    // facilitators take the register (the absences entries below).
    update: roles('none', {
      anon: 'deny',
      guardian: 'some',
      facilitator: 'some',
      facilitatorAdmin: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  // Absences (L10), per kind of record: who reported them decides who may change them.
  'public.lesson_items (absences reported by families)': {
    table: 'public.lesson_items',
    only: `kind = 'absence' and data ->> 'reportedBy' = 'family'`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, group_id, student_id, data) values ('li-matrix-ab', 'absence', '2030_03', 'rg-jaul', 'st-tiago', '{"date": "2030-01-17", "reportedBy": "family"}')`,
    touch: 'data = data',
    // A family reads and reports its own children's only (the student: their own, read-only).
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', { guardian: 'allow', ...each(STAFF, 'allow') }),
    update: roles('none', {
      anon: 'deny',
      guardian: 'some',
      ...each(FACILITATORS, 'all'),
      ...each(STAFF, 'all'),
    }),
    delete: roles('deny'),
  },
  'public.lesson_items (absences marked by facilitators)': {
    table: 'public.lesson_items',
    only: `kind = 'absence' and data ->> 'reportedBy' = 'facilitator'`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, lesson_id, group_id, facilitator_id, student_id, data) values ('li-matrix-ab', 'absence', '2026_48', '2026_48:rg-jaul_tu_1', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-kabir', '{"date": "2026-11-24", "reportedBy": "facilitator"}')`,
    touch: 'data = data',
    // The register is every facilitator's: any of them corrects another's mark.
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', { facilitator: 'allow', ...each(STAFF, 'allow') }),
    update: roles('none', {
      anon: 'deny',
      ...each(FACILITATORS, 'all'),
      ...each(STAFF, 'all'),
    }),
    delete: roles('deny'),
  },
  // Trials (L07): written by the server from the inquiry; the office and the facilitators who
  // teach the trial group read them (of the demo's three: Asha teaches Paani and Tanni, not Jaul;
  // Rahul Jaul and Tanni, not Paani; Priya all three), and nobody writes one.
  'public.lesson_items (trials)': {
    table: 'public.lesson_items',
    only: `kind = 'trial'`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, group_id, data) values ('li-matrix-trial', 'trial', '2026_49', 'rg-tanni', '{"inquiryId": "inq-matrix", "familyName": "Matrix", "submitted": "2026-11-27T00:00:00Z", "groupName": "Tanni", "trialStart": "2026-12-01", "trialEnd": "2026-12-02"}')`,
    touch: 'data = data',
    select: roles('none', {
      anon: 'deny',
      facilitator: 'some',
      facilitatorAdmin: 'some',
      parentFacilitator: 'all',
      ...each(STAFF, 'all'),
    }),
    insert: roles('deny'),
    update: roles('none', { anon: 'deny' }),
    delete: roles('deny'),
  },
  // Notes (L11): private ones go to facilitators and the office only; a shared one also to the
  // child's guardians (never a student, never another family). Each facilitator changes their own.
  'public.lesson_items (notes private to facilitators and the office)': {
    table: 'public.lesson_items',
    only: `kind = 'note'`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, group_id, facilitator_id, student_id, data) values ('li-matrix-note', 'note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-kabir', '{"text": "Counts to a hundred"}')`,
    touch: 'data = data',
    select: roles('none', {
      anon: 'deny',
      ...each(FACILITATORS, 'all'),
      ...each(STAFF, 'all'),
    }),
    insert: roles('deny', { facilitator: 'allow', ...each(STAFF, 'allow') }),
    update: roles('none', {
      anon: 'deny',
      facilitator: 'some',
      facilitatorAdmin: 'some',
      ...each(STAFF, 'all'),
    }),
    delete: roles('deny'),
  },
  'public.lesson_items (notes shared with the family)': {
    table: 'public.lesson_items',
    only: `kind = 'shared_note'`,
    via: 'sync_push',
    sample: `insert into public.lesson_items (id, kind, week_key, group_id, facilitator_id, student_id, data) values ('li-matrix-shared', 'shared_note', '2026_48', 'rg-jaul', 'f0000000-0000-4000-a000-000000000001', 'st-kabir', '{"text": "Kabir built a bridge"}')`,
    touch: 'data = data',
    // Maria reads Tiago's, not Ira's; Priya reads all as a facilitator.
    select: roles('none', {
      anon: 'deny',
      guardian: 'some',
      ...each(FACILITATORS, 'all'),
      ...each(STAFF, 'all'),
    }),
    insert: roles('deny', { facilitator: 'allow', ...each(STAFF, 'allow') }),
    update: roles('none', {
      anon: 'deny',
      facilitator: 'some',
      facilitatorAdmin: 'some',
      ...each(STAFF, 'all'),
    }),
    delete: roles('deny'),
  },
  'public.login_history': {
    sample: `insert into public.login_history (member_id, app_version) values ((select auth.uid()), '1.0.54')`,
    touch: 'app_version = app_version',
    select: roles('none', { anon: 'deny', guardian: 'some', facilitator: 'some', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.admission_steps': {
    sample: `insert into public.admission_steps (id, inquiry_id, kind) values ('step-matrix-1', 'inq-demo-naik', 'meeting')`,
    touch: 'outcome = outcome',
    select: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.email_templates': {
    sample: `insert into public.email_templates (name, subject, html) values ('trial', 'Trial', '<p>x</p>')`,
    touch: 'subject = subject',
    select: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.mail_senders': {
    sample: `insert into public.mail_senders (key, display_name, address) values ('matrix', 'Matrix', 'matrix@demo.school')`,
    touch: 'display_name = display_name',
    select: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.members': {
    sample: `insert into public.members (id, email) values ('00000000-0000-4000-a000-000000000011', 'unverified@demo.school')`,
    touch: 'notifications_parents = notifications_parents',
    select: roles('some', { anon: 'deny', admin: 'all' }),
    insert: roles('deny'),
    update: roles('none', { anon: 'deny', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.reference': {
    only: `kind <> 'notification'`,
    via: 'sync_push',
    sample: `insert into public.reference (id, kind, data) values ('rc-matrix', 'classroom', '{"name": "Matrix Room"}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
      parentFacilitator: 'some',
    }),
    insert: roles('deny', {
      facilitatorAdmin: 'allow',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
    update: roles('none', {
      anon: 'deny',
      facilitatorAdmin: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  // Notifications (P01-P08): each member reads their own, marks them read and clears them; only
  // the server makes them (app.notify).
  'public.reference (notifications)': {
    table: 'public.reference',
    only: `kind = 'notification'`,
    via: 'sync_push',
    sample: `insert into public.reference (id, kind, member_id, data) values ('n-matrix', 'notification', (select auth.uid()), '{"status": "active", "isNew": true, "action": "matrix", "title": "Mine", "date": "2026-11-28T00:00:00.000Z", "actionItem": ""}')`,
    touch: 'data = data',
    select: roles('some', { anon: 'deny', member: 'none', blocked: 'none' }),
    insert: roles('deny'),
    update: roles('some', { anon: 'deny', member: 'none', blocked: 'none' }),
    delete: roles('deny'),
  },
  'public.students': {
    via: 'sync_push',
    sample: `insert into public.students (id, family_id, group_id, status, name, data) values ('st-matrix', 'demo-family-fernandes', 'rg-jaul', 'active', 'Matrix Child', '{"firstName": "Matrix"}')`,
    touch: 'data = data',
    select: roles('none', {
      anon: 'deny',
      guardian: 'some',
      student: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    update: roles('none', {
      anon: 'deny',
      guardian: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  'public.feedback': {
    via: 'sync_push',
    sample: `insert into public.feedback (id, kind, term, group_id, subject_id, facilitator_id, student_id, status, data) values ('fb-matrix', 'student', '2026_2027_2', 'rg-jaul', 'rs-maths', 'f0000000-0000-4000-a000-000000000001', 'st-tiago', 'draft', '{"title": "Fractions", "feedback": "Works well", "groupFeedbackId": null, "color": "green", "notParticipating": false, "studentName": "Tiago Fernandes"}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', {
      facilitator: 'allow',
      facilitatorAdmin: 'allow',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
    update: roles('none', {
      anon: 'deny',
      facilitator: 'some',
      facilitatorAdmin: 'all',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  'public.payments': {
    via: 'sync_push',
    sample: `insert into public.payments (id, family_id, student_id, kind, status, data) values ('pay-matrix', 'demo-family-fernandes', 'st-tiago', 'fee', 'reported', '{"paymentType": "Monthly Fee", "paymentOption": "UPI", "feeYear": "2026-27", "receivedFrom": "Maria", "amount": 16700, "paymentDate": "2026-11-26", "familyName": "Fernandes", "sendEmail": false}')`,
    touch: 'data = data',
    select: roles('none', {
      anon: 'deny',
      guardian: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    insert: roles('deny', {
      guardian: 'allow',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
    update: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.system_errors': {
    sample: `insert into public.system_errors (source, message) values ('matrix', 'x')`,
    touch: 'dismissed_at = dismissed_at',
    select: roles('none', { anon: 'deny', admin: 'all' }),
    insert: roles('deny'),
    update: roles('none', { anon: 'deny', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.system_warnings': {
    sample: `insert into public.system_warnings (source, message) values ('matrix', 'x')`,
    touch: 'dismissed_at = dismissed_at',
    select: roles('none', { anon: 'deny', admin: 'all' }),
    insert: roles('deny'),
    update: roles('none', { anon: 'deny', admin: 'all' }),
    delete: roles('deny'),
  },
  'public.timetables': {
    via: 'sync_push',
    sample: `insert into public.timetables (id, kind, group_id, week_key, data) values ('wk_matrix', 'week', 'rg-dongor', '2026_48', '{"days": {}}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('allow', {
      anon: 'deny',
      member: 'deny',
      blocked: 'deny',
      guardian: 'deny',
      student: 'deny',
    }),
    update: roles('none', {
      anon: 'deny',
      // The lessons of the subgroups Asha teaches (see the mixed lessons below).
      facilitator: 'some',
      facilitatorAdmin: 'all',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('deny'),
  },
  // Combined mixed groups (L02): facilitator admins and office staff keep them, every
  // facilitator reads them, families never receive them.
  'public.timetables (mixed groups)': {
    table: 'public.timetables',
    only: `kind = 'mixed_group'`,
    via: 'sync_push',
    sample: `insert into public.timetables (id, kind, data) values ('mg-matrix-new', 'mixed_group', '{"name": "New mixed", "subgroups": {}}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'none',
      student: 'none',
    }),
    insert: roles('deny', { facilitatorAdmin: 'allow', ...each(STAFF, 'allow') }),
    update: roles('none', { anon: 'deny', facilitatorAdmin: 'all', ...each(STAFF, 'all') }),
    delete: roles('deny'),
  },
  // A subgroup's lessons (L01): the subgroup's facilitator writes them, facilitator admins and
  // the office too; every facilitator reads them; a family reads only its children's subgroups'.
  'public.timetables (mixed lessons)': {
    table: 'public.timetables',
    only: `kind = 'mixed_lesson'`,
    via: 'sync_push',
    sample: `insert into public.timetables (id, kind, group_id, week_key, data) values ('ml-matrix-new', 'mixed_lesson', 'msg-1', '2026_49', '{"mainMixedGroupId": "mg-matrix", "day": "monday", "timingId": "rt-1", "facilitatorId": null, "subjectId": null, "topicId": null, "topic": null, "subtopicId": null, "subtopic": null, "details": ""}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', {
      facilitator: 'allow',
      facilitatorAdmin: 'allow',
      ...each(STAFF, 'allow'),
    }),
    update: roles('none', {
      anon: 'deny',
      facilitator: 'some',
      facilitatorAdmin: 'all',
      ...each(STAFF, 'all'),
    }),
    delete: roles('deny'),
  },
  'public.topics': {
    via: 'sync_push',
    sample: `insert into public.topics (id, kind, subject_id, facilitator_id, data) values ('tp-matrix', 'topic', 'rs-maths', 'f0000000-0000-4000-a000-000000000001', '{"name": "Matrix"}')`,
    touch: 'data = data',
    // Families read the default list only; a facilitator's own list stays with the facilitators.
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'some',
    }),
    insert: roles('deny', { facilitator: 'allow' }),
    // A facilitator changes their own topics; only facilitator admins change the default list.
    update: roles('none', { anon: 'deny', facilitator: 'some', facilitatorAdmin: 'some' }),
    delete: roles('deny'),
  },
  'public.unregistered_signins': {
    sample: `insert into public.unregistered_signins (email) values ('matrix@gmail.com')`,
    touch: 'attempts = attempts',
    select: roles('none', { anon: 'deny', admin: 'all' }),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.website_data': {
    sample: `insert into public.website_data (id) values ('website')`,
    touch: 'app_version = app_version',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'public.whatsapp': {
    via: 'sync_push',
    sample: `insert into public.whatsapp (id, kind, wa_id, data) values ('wa-919000000066', 'number', '919000000066', '{"name": "Matrix", "status": "Active"}')`,
    touch: 'data = data',
    select: roles('none', { anon: 'deny', admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    update: roles('none', {
      anon: 'deny',
      admission: 'some',
      administration: 'some',
      admin: 'some',
    }),
    delete: roles('deny'),
  },
  'public.gatherings': {
    // Field trips are an entry of their own (below).
    only: `kind <> 'field_trip'`,
    via: 'sync_push',
    sample: `insert into public.gatherings (id, kind, group_ids, status, data) values ('mt-matrix', 'meeting', '{rg-tanni}', 'pending', '{"title": "Matrix", "date": "2026-12-14", "startTime": "10:00", "endTime": "11:00"}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'none',
    }),
    insert: roles('deny', {
      facilitator: 'allow',
      facilitatorAdmin: 'allow',
      parentFacilitator: 'allow',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
    update: roles('none', {
      anon: 'deny',
      guardian: 'some',
      facilitator: 'some',
      facilitatorAdmin: 'some',
      parentFacilitator: 'some',
      admission: 'some',
      administration: 'some',
      admin: 'some',
    }),
    delete: roles('deny'),
  },
  // Field trips (N13–N16): office staff and facilitators make and change them; a guardian reads
  // the trips of their children's groups that are not archived, nobody else any.
  'public.gatherings (field trips)': {
    table: 'public.gatherings',
    only: `kind = 'field_trip'`,
    via: 'sync_push',
    sample: `insert into public.gatherings (id, kind, group_ids, status, data) values ('ft-matrix', 'field_trip', '{rg-tanni}', 'pending', '{"title": "Matrix trip", "fee": 0, "startDate": "2027-03-01", "endDate": "2027-03-01", "studentIds": [], "facilitatorIds": [], "parents": []}')`,
    touch: 'data = data',
    select: roles('all', {
      anon: 'deny',
      member: 'none',
      blocked: 'none',
      guardian: 'some',
      student: 'none',
    }),
    insert: roles('deny', { ...each(FACILITATORS, 'allow'), ...each(STAFF, 'allow') }),
    update: roles('none', { anon: 'deny', ...each(FACILITATORS, 'all'), ...each(STAFF, 'all') }),
    delete: roles('deny'),
  },
  'public.whatsapp_outbox': {
    sample: `insert into public.whatsapp_outbox (message_id) values ('wm-matrix')`,
    touch: 'attempts = attempts',
    select: roles('deny'),
    insert: roles('deny'),
    update: roles('deny'),
    delete: roles('deny'),
  },
  'realtime.messages': {
    sample: `insert into realtime.messages (topic, extension, payload, event, private) values ('sync', 'broadcast', '{}', 'poke', false)`,
    touch: 'payload = payload',
    select: roles('all', { anon: 'none', blocked: 'none' }),
    insert: roles('deny'),
    update: roles('none'),
    delete: roles('deny'),
  },
  'storage.buckets': {
    sample: `insert into storage.buckets (id, name) values ('matrix', 'matrix')`,
    touch: 'name = name',
    select: roles('none'),
    insert: roles('deny'),
    update: roles('none'),
    delete: roles('none'),
  },
  'storage.objects': {
    sample: `insert into storage.objects (bucket_id, name, owner) values ('images', 'matrix/m.png', (select auth.uid()))`,
    touch: 'metadata = metadata',
    select: roles('some', { admission: 'all', administration: 'all', admin: 'all' }),
    insert: roles('deny', { admission: 'allow', administration: 'allow', admin: 'allow' }),
    // Guardians also change their family's folder (the parent facilitator's: the Naik family).
    update: roles('none', {
      guardian: 'some',
      student: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
    delete: roles('none', {
      guardian: 'some',
      student: 'some',
      parentFacilitator: 'some',
      admission: 'all',
      administration: 'all',
      admin: 'all',
    }),
  },
}

export const FUNCTIONS: Record<string, FunctionEntry> = {
  // The functions doing the work of sync_push and admin_set_facilitator: called directly they
  // write nothing, since the tables refuse writes without the mark the public wrappers set.
  'app.admin_set_facilitator(member uuid, make boolean)': {
    call: `app.admin_set_facilitator('00000000-0000-4000-a000-000000000009', true)`,
    execute: roles('refuse 42501', { anon: 'deny' }),
  },
  'app.bump_scope_of(member_ids uuid[])': {
    call: `app.bump_scope_of(array[]::uuid[])`,
    execute: roles('deny'),
  },
  'app.bump_sync_scope()': {
    call: null,
    execute: roles('deny'),
  },
  'app.can_read_timetable()': {
    call: `app.can_read_timetable()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.change_log_is_append_only()': {
    call: null,
    execute: roles('deny'),
  },
  'app.check_mixed_group()': {
    call: null,
    execute: roles('deny'),
  },
  'app.mixed_group_moves_family_readers()': {
    call: null,
    execute: roles('deny'),
  },
  'app.my_mixed_subgroup_ids()': {
    call: `app.my_mixed_subgroup_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.family_mixed_subgroup_ids()': {
    call: `app.family_mixed_subgroup_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.optional_text(value jsonb, most integer)': {
    call: `app.optional_text(null, 1)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.check_app_version(app_version text)': {
    call: `app.check_app_version('1.0.54')`,
    execute: roles('deny'),
  },
  'app.families_guard()': {
    call: null,
    execute: roles('deny'),
  },
  'app.family_group_ids()': {
    call: `app.family_group_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.facilitator_id()': {
    call: `app.facilitator_id()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.family_token()': {
    call: `app.family_token()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_admin()': {
    call: `app.is_admin()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_blocked()': {
    call: `app.is_blocked()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_date(value text)': {
    call: `app.is_date('2026-11-26')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_facilitator()': {
    call: `app.is_facilitator()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_facilitator_admin()': {
    call: `app.is_facilitator_admin()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_guardian_of(family text)': {
    call: `app.is_guardian_of('demo-family-fernandes')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_own_contact(contact text)': {
    call: `app.is_own_contact('fc-fernandes-tiago')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.is_staff()': {
    call: `app.is_staff()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.my_family_ids()': {
    call: `app.my_family_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.my_student_ids()': {
    call: `app.my_student_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.my_taught_group_ids()': {
    call: `app.my_taught_group_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.template_facilitator_ids(days jsonb)': {
    call: `app.template_facilitator_ids('{}'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.template_moves_trial_readers()': {
    call: null,
    execute: roles('deny'),
  },
  'app.inquiry_writes_trials()': {
    call: null,
    execute: roles('deny'),
  },
  'app.write_trials_of(inquiry inquiries)': {
    call: `app.write_trials_of((select i from public.inquiries i where i.id = 'inq-demo-keller'))`,
    execute: roles('deny'),
  },
  'app.my_contact_ids()': {
    call: `app.my_contact_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.log_outbox_trouble()': {
    call: null,
    execute: roles('deny'),
  },
  'app.member_id()': {
    call: `app.member_id()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.notify_email_outbox()': {
    call: null,
    execute: roles('deny'),
  },
  'app.page_size()': {
    call: `app.page_size()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.refusal_reason(code text, message text, collection text, failed_constraint text)': {
    call: `app.refusal_reason('23514', 'x', 'reference', null)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.register_sync_table(table_name text, server_columns text[])': {
    call: `app.register_sync_table('reference', array[]::text[])`,
    execute: roles('deny'),
  },
  'app.role()': {
    call: `app.role()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.subject_colours()': {
    call: `app.subject_colours()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.my_own_student_ids()': {
    call: `app.my_own_student_ids()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.gatherings_guard()': { call: null, execute: roles('deny') },
  'app.meeting_invite()': { call: null, execute: roles('deny') },
  'app.field_trip_guard()': { call: null, execute: roles('deny') },
  'app.field_trip_archived()': { call: null, execute: roles('deny') },
  'app.meeting_invitation_whatsapp()': { call: null, execute: roles('deny') },
  'app.meeting_invitation_email()': { call: null, execute: roles('deny') },
  'app.meeting_invitation_invite()': { call: null, execute: roles('deny') },
  'app.meeting_moved()': { call: null, execute: roles('deny') },
  'app.field_trip_calendar()': { call: null, execute: roles('deny') },
  'app.field_trip_calendar_invite(trip gatherings, name text, email text, sequence integer)': {
    call: `app.field_trip_calendar_invite(null::public.gatherings, null, null, 0)`,
    execute: roles('deny'),
  },
  'app.meeting_calendar_invite(meeting gatherings, participant gatherings, sequence integer)': {
    call: `app.meeting_calendar_invite(null::public.gatherings, null::public.gatherings, 0)`,
    execute: roles('deny'),
  },
  'app.whatsapp_digits(raw text)': {
    call: `app.whatsapp_digits('919000000001')`,
    execute: roles('deny'),
  },
  'app.gathering_check_sent(meeting text)': {
    call: `app.gathering_check_sent('mt-matrix-jaul')`,
    execute: roles('deny'),
  },
  'app.meeting_invitation_text(meeting gatherings)': {
    call: `app.meeting_invitation_text(null::public.gatherings)`,
    execute: roles('deny'),
  },
  'public.meeting_answer(participant_id text, answer text, wa_id text)': {
    call: `public.meeting_answer('mp-matrix', 'accepted', '919000000001')`,
    execute: roles('deny'),
  },
  'app.feedback_guard()': {
    call: null,
    execute: roles('deny'),
  },
  'app.payments_guard()': {
    call: null,
    execute: roles('deny'),
  },
  'app.payments_queue_receipt()': {
    call: null,
    execute: roles('deny'),
  },
  'app.payments_field_trip()': {
    call: null,
    execute: roles('deny'),
  },
  'app.feedback_queue_mail()': {
    call: null,
    execute: roles('deny'),
  },
  'public.family_fees()': {
    call: `public.family_fees()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.fee_reminders_sent()': {
    call: `public.fee_reminders_sent()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.payment_receipt(payment text)': {
    call: `public.payment_receipt('pay-demo-ines-this-month')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.students_bump_scope()': {
    call: null,
    execute: roles('deny'),
  },
  'app.students_guard()': {
    call: null,
    execute: roles('deny'),
  },
  'app.sync_collection(collection text)': {
    call: `app.sync_collection('reference')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.kind_is_fixed()': {
    call: null,
    execute: roles('deny'),
  },
  'app.columns_are_fixed()': {
    call: null,
    execute: roles('deny'),
  },
  'app.new_sync_epoch()': {
    call: `app.new_sync_epoch()`,
    execute: roles('deny'),
  },
  'app.sync_commit()': {
    call: null,
    execute: roles('deny'),
  },
  'app.sync_epoch()': {
    call: `app.sync_epoch()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.sync_high_water()': {
    call: `app.sync_high_water()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.sync_max_document_bytes()': {
    call: `app.sync_max_document_bytes()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.sync_soft_delete_only()': {
    call: null,
    execute: roles('deny'),
  },
  'app.sync_push(collection text, rows jsonb)': {
    call: `app.sync_push('reference', '[]'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.sync_scope()': {
    call: `app.sync_scope()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.touch_inquiry()': {
    call: null,
    execute: roles('deny'),
  },
  'public.applications_submit(inquiry jsonb, mails jsonb)': {
    call: `public.applications_submit('{"id": "app-matrix", "kind": "family", "data": {"children": [], "guardians": []}}', '{}')`,
    execute: roles('deny'),
  },
  'public.applications_onboarding_request(answers jsonb, token_hash text, mail jsonb)': {
    call: `public.applications_onboarding_request('{"id": "app-matrix", "email": "nobody@example.com"}', repeat('a', 64), '{}')`,
    execute: roles('deny'),
  },
  'public.applications_onboarding_confirm(token_hash text)': {
    call: `public.applications_onboarding_confirm(repeat('a', 64))`,
    execute: roles('deny'),
  },
  'app.sync_stamp()': {
    call: null,
    execute: roles('deny'),
  },
  'app.touch_facilitator()': {
    call: null,
    execute: roles('deny'),
  },
  'app.touch_family_contact()': {
    call: null,
    execute: roles('deny'),
  },
  'app.next_receipt_number(fee_year text)': {
    call: `app.next_receipt_number('2040-41')`,
    execute: roles('deny'),
  },
  'app.touch_lesson_item()': {
    call: null,
    execute: roles('deny'),
  },
  'app.writes_go_through_functions()': {
    call: null,
    execute: roles('deny'),
  },
  'app.whatsapp_before_write()': {
    call: null,
    execute: roles('deny'),
  },
  'app.whatsapp_queue()': {
    call: null,
    execute: roles('deny'),
  },
  'app.whatsapp_set_status(message text, new_status text, reason text)': {
    call: `app.whatsapp_set_status('wm-matrix', 'failed', 'x')`,
    execute: roles('deny'),
  },
  'app.always_sends_email(member uuid)': {
    call: `app.always_sends_email('00000000-0000-4000-a000-000000000002')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.html_text(value text)': {
    call: `app.html_text('<b>')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.person_name(person jsonb)': {
    call: `app.person_name('{"firstName": "Ira"}'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.carry_out_admission_step(inquiry inquiries, step jsonb)': {
    call: null,
    execute: roles('deny'),
  },
  'app.inquiry_made_family(inquiry text, family text)': {
    call: `app.inquiry_made_family('inq-demo-naik', 'demo-family-naik')`,
    execute: roles('deny'),
  },
  'app.family_token_of(inquiry text)': {
    call: `app.family_token_of('inq-demo-naik')`,
    execute: roles('deny'),
  },
  'app.inquiry_family(inquiry text)': {
    call: `app.inquiry_family('inq-demo-naik')`,
    execute: roles('deny'),
  },
  'app.family_token_held(token text)': {
    call: `app.family_token_held('demo-family-naik')`,
    execute: roles('deny'),
  },
  'app.step_mail_images(mail jsonb)': {
    call: null,
    execute: roles('deny'),
  },
  'app.inquiry_steps_carry_out()': {
    call: null,
    execute: roles('deny'),
  },
  'public.inquiry_steps(inquiry text)': {
    call: `public.inquiry_steps('inq-demo-naik')`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  'public.email_templates()': {
    call: `public.email_templates()`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  'public.save_email_template(name text, subject text, html text)': {
    call: `public.save_email_template('meeting', 'Meeting', '<p>x</p>')`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  'public.reset_email_template(name text)': {
    call: `public.reset_email_template('meeting')`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  'app.may_send_email()': {
    call: `app.may_send_email()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.wake_whatsapp()': {
    call: `app.wake_whatsapp()`,
    execute: roles('deny'),
  },
  'app.wake_whatsapp_on_insert()': {
    call: null,
    execute: roles('deny'),
  },
  'public.mail_sender_accounts()': {
    call: `public.mail_sender_accounts()`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  // From Team: an admin chooses any account; office staff send from their own only.
  'public.webmail(sender text, recipients text[], cc text[], subject text, html_body text, attachments jsonb, email_trigger text)':
    {
      call: `public.webmail('team', array['parent@demo.school'], array[]::text[], 'Matrix', '<p>x</p>', '[]'::jsonb, 'webmail')`,
      execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
    },
  'app.own_sender_key()': {
    call: `app.own_sender_key()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.sender_for(key text)': {
    call: `app.sender_for('team')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'app.hide_one_time_codes(body text)': {
    call: `app.hide_one_time_codes('https://centre.test/signin?setup=abc')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.hide_codes_in_log()': {
    call: null,
    execute: roles('deny'),
  },
  'public.outbox_compose(id text, subject text, html_body text)': {
    call: `public.outbox_compose('mail-matrix-failed', 'x', '<p>x</p>')`,
    execute: roles('deny'),
  },
  'app.receipt_addresses(family text)': {
    call: `app.receipt_addresses('demo-family-fernandes')`,
    execute: roles('deny'),
  },
  'public.outbox_receipt_mail(email text)': {
    call: `public.outbox_receipt_mail('mail-matrix-failed')`,
    execute: roles('deny'),
  },
  'public.outbox_feedback_pdf(student text, term text)': {
    call: `public.outbox_feedback_pdf('st-tiago', '2026_2027_2')`,
    execute: roles('deny'),
  },
  // A child's term PDF to download: their guardians, the child, the office and facilitators.
  'public.feedback_pdf(student text, term text)': {
    call: `public.feedback_pdf('st-tiago', '2026_2027_2')`,
    execute: roles('allow', { anon: 'deny', member: 'refuse 42501', blocked: 'refuse 42501' }),
  },
  'public.whatsapp_claim(batch integer, lease_seconds integer)': {
    call: `public.whatsapp_claim(1, 60)`,
    execute: roles('deny'),
  },
  'public.whatsapp_record(message_id text, outcome text, wamid text, reason text, wait_seconds integer)':
    {
      call: `public.whatsapp_record('wm-matrix', 'failed', null, 'x', 0)`,
      execute: roles('deny'),
    },
  'public.whatsapp_status(wamid text, status text, reason text)': {
    call: `public.whatsapp_status('wamid.matrix', 'read', null)`,
    execute: roles('deny'),
  },
  'public.whatsapp_read(wa_id text)': {
    call: `public.whatsapp_read('919000000055')`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'allow',
      administration: 'allow',
      admin: 'allow',
    }),
  },
  'public.whatsapp_receive(wa_id text, profile_name text, wamid text, body text, sent_at timestamp with time zone)':
    {
      call: `public.whatsapp_receive('919000000055', 'Matrix', 'wamid.matrix-in', 'Hi', now())`,
      execute: roles('deny'),
    },
  'app.wake_function(url_secret text, waiting text)': {
    call: `app.wake_function('outbox_url', 'Matrix')`,
    execute: roles('deny'),
  },
  'app.wake_outbox()': {
    call: `app.wake_outbox()`,
    execute: roles('deny'),
  },
  'app.wake_configured(url_secret text)': {
    call: `app.wake_configured('outbox_url')`,
    execute: roles('deny'),
  },
  'app.retry_outbox()': {
    call: `app.retry_outbox()`,
    execute: roles('deny'),
  },
  'app.retry_whatsapp()': {
    call: `app.retry_whatsapp()`,
    execute: roles('deny'),
  },
  'app.next_task_run(every_minutes integer, daily_at time without time zone, after timestamp with time zone)':
    {
      call: `app.next_task_run(5, null, now())`,
      execute: roles('deny'),
    },
  'app.task_outbox_retries()': {
    call: `app.task_outbox_retries()`,
    execute: roles('deny'),
  },
  'app.task_whatsapp_windows()': {
    call: `app.task_whatsapp_windows()`,
    execute: roles('deny'),
  },
  'app.task_prune()': {
    call: `app.task_prune()`,
    execute: roles('deny'),
  },
  'app.run_scheduled_task(task text, requested_by uuid)': {
    call: `app.run_scheduled_task('prune', null)`,
    execute: roles('deny'),
  },
  'app.task_document_expiry()': {
    call: `app.task_document_expiry()`,
    execute: roles('deny'),
  },
  'app.task_database_backup()': {
    call: `app.task_database_backup()`,
    execute: roles('deny'),
  },
  'app.record_host_task(task text, started timestamp with time zone, failure text, outcome text)': {
    call: `app.record_host_task('database-backup', now(), null, 'x')`,
    execute: roles('deny'),
  },
  'app.notify(member uuid, action text, title text, link text, audience text, once text)': {
    call: `app.notify('00000000-0000-4000-a000-000000000006', 'matrix', 'x')`,
    execute: roles('deny'),
  },
  'app.notification_audience(role text)': {
    call: `app.notification_audience('guardian')`,
    execute: roles('deny'),
  },
  'app.group_facilitator_members(grp text)': {
    call: `app.group_facilitator_members('rg-jaul')`,
    execute: roles('deny'),
  },
  'app.office_members()': {
    call: `app.office_members()`,
    execute: roles('deny'),
  },
  'app.family_guardian_members(family text)': {
    call: `app.family_guardian_members('demo-family-fernandes')`,
    execute: roles('deny'),
  },
  'app.notification_read_or_cleared()': { call: null, execute: roles('deny') },
  'app.notify_lesson_events()': { call: null, execute: roles('deny') },
  'app.notify_trial_joined()': { call: null, execute: roles('deny') },
  'app.notify_application()': { call: null, execute: roles('deny') },
  'app.notify_payment()': { call: null, execute: roles('deny') },
  'app.notify_message_failed()': { call: null, execute: roles('deny') },
  'app.notify_feedback_released()': { call: null, execute: roles('deny') },
  'app.meetings_pane_of(member uuid)': {
    call: `app.meetings_pane_of('00000000-0000-4000-a000-000000000007')`,
    execute: roles('deny'),
  },
  'app.notify_meeting_events()': { call: null, execute: roles('deny') },
  'public.admin_member_notification_list(member uuid)': {
    call: `public.admin_member_notification_list('00000000-0000-4000-a000-000000000007')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_clear_member_notifications(member uuid)': {
    call: `public.admin_clear_member_notifications('00000000-0000-4000-a000-000000000007')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_member_notifications(member uuid)': {
    call: `public.admin_member_notifications('00000000-0000-4000-a000-000000000007')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_set_member_notifications(member uuid, audience text, enabled boolean)': {
    call: `public.admin_set_member_notifications('00000000-0000-4000-a000-000000000007', 'students', true)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'app.run_due_scheduled_tasks()': {
    call: `app.run_due_scheduled_tasks()`,
    execute: roles('deny'),
  },
  'app.mail_wakeup()': {
    call: `app.mail_wakeup()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.wake_outbox_on_insert()': {
    call: null,
    execute: roles('deny'),
  },
  'app.wake_outbox_on_requeue()': {
    call: null,
    execute: roles('deny'),
  },
  'app.touch_member()': {
    call: null,
    execute: roles('deny'),
  },
  'app.touch_timetable()': {
    call: null,
    execute: roles('deny'),
  },
  'app.touch_updated()': {
    call: null,
    execute: roles('deny'),
  },
  'app.valid_mixed_group(data jsonb)': {
    call: `app.valid_mixed_group('{}'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'app.valid_timetable_days(days jsonb)': {
    call: `app.valid_timetable_days('{}'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.accounts_auth_user(email text)': {
    call: `public.accounts_auth_user('guardian@demo.school')`,
    execute: roles('deny'),
  },
  'public.accounts_connect_member(user_id uuid, contact_id text, app_version text)': {
    call: `public.accounts_connect_member('00000000-0000-4000-a000-000000000011', 'fc-fernandes-joao', '')`,
    execute: roles('deny'),
  },
  'public.accounts_contacts_by_whatsapp(whatsapp text)': {
    call: `public.accounts_contacts_by_whatsapp('919000000003')`,
    execute: roles('deny'),
  },
  'public.accounts_link_facilitator(user_id uuid, facilitator_id text, auth_old uuid, email text, name text, whatsapp text, app_version text)':
    {
      call: `public.accounts_link_facilitator('00000000-0000-4000-a000-000000000011', 'f0000000-0000-4000-a000-000000000004', null, 'new-facilitator@demo.school', 'X', '919000000010', '')`,
      execute: roles('deny'),
    },
  'public.accounts_log_unregistered_signin(email text, name text, photo_url text, user_id uuid)': {
    call: `public.accounts_log_unregistered_signin('matrix@gmail.com', null, null, null)`,
    execute: roles('deny'),
  },
  'public.accounts_queue_email(sender text, recipient text, subject text, html_body text, email_trigger text, triggered_by uuid)':
    {
      call: `public.accounts_queue_email('a@demo.school', 'b@demo.school', 'S', '<p>x</p>', 'matrix', null)`,
      execute: roles('deny'),
    },
  'public.accounts_signin_mode(email text)': {
    call: `public.accounts_signin_mode('new-facilitator@demo.school')`,
    execute: roles('deny'),
  },
  'public.admin_delete_member(member uuid)': {
    call: `public.admin_delete_member('00000000-0000-4000-a000-000000000007')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_dismiss_log(kind text, entry uuid)': {
    call: `public.admin_dismiss_log('error', null)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_email_body(email text)': {
    call: `public.admin_email_body('mail-matrix-failed')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_list_emails(email_type text, page_offset integer)': {
    call: `public.admin_list_emails(null, 0)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_list_members(filter text, sort text, page_size integer, page_offset integer, search text)':
    {
      call: `public.admin_list_members()`,
      execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
    },
  'public.admin_login_history(member uuid)': {
    call: `public.admin_login_history('00000000-0000-4000-a000-000000000006')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_overview()': {
    call: `public.admin_overview()`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_retry_email(email text)': {
    call: `public.admin_retry_email('mail-matrix-failed')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_set_facilitator(member uuid, make boolean)': {
    call: `public.admin_set_facilitator('00000000-0000-4000-a000-000000000009', true)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_set_email_sending(member uuid, enabled boolean)': {
    call: `public.admin_set_email_sending('00000000-0000-4000-a000-000000000001', true)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_set_member_status(member uuid, new_status text)': {
    call: `public.admin_set_member_status('00000000-0000-4000-a000-000000000007', 'blocked')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.resend_receipt(payment text)': {
    call: `public.resend_receipt('pay-none')`,
    execute: roles('refuse 42501', {
      anon: 'deny',
      admission: 'refuse P0001',
      administration: 'refuse P0001',
      admin: 'refuse P0001',
    }),
  },
  'public.admin_set_bank_details(details jsonb)': {
    call: `public.admin_set_bank_details('{}'::jsonb)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.centre_bank_details()': {
    call: `public.centre_bank_details()`,
    execute: roles('allow', { anon: 'deny', blocked: 'refuse 42501' }),
  },
  'public.admin_set_page_size(page_size integer)': {
    call: `public.admin_set_page_size(20)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_scheduled_tasks()': {
    call: `public.admin_scheduled_tasks()`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_run_scheduled_task(task text)': {
    call: `public.admin_run_scheduled_task('whatsapp-windows')`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_set_task_keep_days(task text, days integer)': {
    call: `public.admin_set_task_keep_days('database-backup', 14)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.admin_system_log(kind text, show_dismissed boolean, page_offset integer)': {
    call: `public.admin_system_log('error', false, 0)`,
    execute: roles('refuse 42501', { anon: 'deny', admin: 'allow' }),
  },
  'public.custom_access_token_hook(event jsonb)': {
    call: `public.custom_access_token_hook('{"user_id": "00000000-0000-4000-a000-000000000006", "claims": {}}'::jsonb)`,
    execute: roles('deny'),
  },
  'public.get_website_data()': {
    call: `public.get_website_data()`,
    execute: roles('allow'),
  },
  'public.list_members(role_filter text, status_filter text, page_size integer, page_offset integer)':
    {
      call: `public.list_members()`,
      execute: roles('allow', { anon: 'deny' }),
    },
  'public.list_unregistered_signins(page_size integer, page_offset integer)': {
    call: `public.list_unregistered_signins()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.log_system_event(kind text, source text, message text, details jsonb)': {
    call: `public.log_system_event('error', 'matrix', 'x', '{}'::jsonb)`,
    execute: roles('deny'),
  },
  'public.my_member()': {
    call: `public.my_member()`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.outbox_claim(batch integer, lease_seconds integer)': {
    call: `public.outbox_claim(1, 60)`,
    execute: roles('deny'),
  },
  'public.outbox_mark_failed(id text, error text, retry boolean)': {
    call: `public.outbox_mark_failed('mail-matrix-failed', 'x', false)`,
    execute: roles('deny'),
  },
  'public.outbox_mark_sent(id text, message_id text)': {
    call: `public.outbox_mark_sent('mail-matrix-failed', 'x')`,
    execute: roles('deny'),
  },
  'public.outbox_record_send(id text, message_id text, accepted text[], refused jsonb)': {
    call: `public.outbox_record_send('mail-matrix-failed', 'x', array['a@demo.school'], '[]'::jsonb)`,
    execute: roles('deny'),
  },
  'public.outbox_note_transport(configured boolean)': {
    call: `public.outbox_note_transport(false)`,
    execute: roles('deny'),
  },
  'public.outbox_server_trouble(id text, problem text, message text)': {
    call: `public.outbox_server_trouble(null, 'login', 'The mail server refused the login')`,
    execute: roles('deny'),
  },
  'public.record_activity(app_version text)': {
    call: `public.record_activity('1.0.54')`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.record_sign_in(app_version text)': {
    call: `public.record_sign_in('1.0.54')`,
    execute: roles('allow', { anon: 'deny', blocked: 'refuse 42501' }),
  },
  'public.sync_pull(collection text, checkpoint jsonb, batch_size integer)': {
    call: `public.sync_pull('reference', null, 10)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.sync_push(collection text, rows jsonb)': {
    call: `public.sync_push('reference', '[]'::jsonb)`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.sync_visible(collection text, ids text[])': {
    call: `public.sync_visible('reference', array['rs-art'])`,
    execute: roles('allow', { anon: 'deny' }),
  },
  'public.throttle(bucket text, key text, max_hits integer, window_seconds integer)': {
    call: `public.throttle('matrix', 'k', 1, 60)`,
    execute: roles('deny'),
  },
}

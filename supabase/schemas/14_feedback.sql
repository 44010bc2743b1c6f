-- Feedback, per term (core.md §1, operations.md §3 "Feedback"; M01–M08): a facilitator's group
-- feedback (what the group was to cover and what it covered in a subject) and their entries about
-- each student (title, feedback, colour, or "not participating"). Every entry is its own row, so
-- two facilitators writing about one child offline both keep what they wrote. A family sees only
-- what the centre has released: draft (the facilitator is writing) → ready (the facilitator is
-- done) → released (the office or a facilitator admin releases the term). Released feedback stays
-- released, so what a family has read never disappears from their phone.
-- See sync/contract/collections/feedback.ts for the shape of `data`.

-- Function bodies are checked when they run, not here.
set check_function_bodies = off;

create table if not exists public.feedback (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  term text not null,
  group_id text not null check (length(group_id) between 1 and 64),
  subject_id text check (length(subject_id) between 1 and 64),
  facilitator_id text not null check (length(facilitator_id) between 1 and 64),
  student_id text check (length(student_id) between 1 and 64),
  family_id text,
  status text not null default 'draft',
  data jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint feedback_kind_known check (kind in ('group', 'student')),
  constraint feedback_status_known check (status in ('draft', 'ready', 'released')),
  constraint feedback_term_valid check (term ~ '^[0-9]{4}_[0-9]{4}_[1-3]$'),
  constraint feedback_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint feedback_student_has_student check ((kind = 'student') = (student_id is not null)),
  constraint feedback_student_has_text check (
    kind <> 'student' or coalesce((data ->> 'notParticipating')::boolean, false)
    or length(btrim(coalesce(data ->> 'feedback', ''))) between 1 and 10000),
  constraint feedback_group_has_curriculum check (
    kind <> 'group' or length(btrim(coalesce(data ->> 'projectedCurriculum', '') || coalesce(data ->> 'coveredCurriculum', ''))) > 0)
);
comment on table public.feedback is
  'Feedback per term: a facilitator''s group feedback and entries about each student; families read what the centre released.';
comment on constraint feedback_term_valid on public.feedback is
  'Feedback belongs to a term such as 2026_2027_2 (academic year and term 1–3).';
comment on constraint feedback_student_has_student on public.feedback is
  'Student feedback names its student; group feedback names none.';
comment on constraint feedback_student_has_text on public.feedback is
  'Student feedback needs some text (at most 10000 characters) unless the student did not take part.';
comment on constraint feedback_group_has_curriculum on public.feedback is
  'Group feedback needs the projected or the covered curriculum.';
alter table public.feedback enable row level security;
create index if not exists feedback_family_idx on public.feedback (family_id);
create index if not exists feedback_student_idx on public.feedback (student_id);
create index if not exists feedback_group_term_idx on public.feedback (group_id, term);

create trigger feedback_touch before insert or update on public.feedback
  for each row execute function app.touch_updated();

select app.register_sync_table('feedback', array['family_id', 'created_at', 'updated_at', 'updated_by']);

-- The student's family (which guardians read it) is the server's to set, from the student; the
-- time an entry was written is the server's; only the office or a facilitator admin releases, and
-- released feedback stays released and unchanged but for the office's corrections.
create or replace function app.feedback_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  releaser boolean := auth.uid() is null or app.is_staff() or app.is_facilitator_admin();
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
    -- Sync's own bookkeeping (numbering the change at commit) is no change to the feedback.
    if (new.kind, new.term, new.group_id, new.subject_id, new.facilitator_id, new.student_id,
        new.family_id, new.status, new.data, new._deleted)
       is not distinct from (old.kind, old.term, old.group_id, old.subject_id, old.facilitator_id,
        old.student_id, old.family_id, old.status, old.data, old._deleted) then
      return new;
    end if;
    if (new.kind, new.term, new.group_id, new.subject_id, new.facilitator_id, new.student_id, new.family_id)
       is distinct from (old.kind, old.term, old.group_id, old.subject_id, old.facilitator_id,
                         old.student_id, old.family_id) then
      raise exception 'Feedback stays with its term, group, subject, student and facilitator: remove it and write it again.'
        using errcode = 'P0001';
    end if;
    if old.status = 'released' and new.status <> 'released' then
      raise exception 'Released feedback stays released: families have read it.' using errcode = 'P0001';
    end if;
    if old.status = 'released' and not app.is_staff() and auth.uid() is not null then
      raise exception 'Released feedback is corrected by the office.' using errcode = '42501';
    end if;
  else
    new.created_at := now();
    new.family_id := null;
    if new.student_id is not null then
      select s.family_id into new.family_id from public.students s where s.id = new.student_id;
      if new.family_id is null then
        raise exception 'The student is not one of the centre''s students.' using errcode = 'P0001';
      end if;
    end if;
  end if;

  if new.status = 'released' and (tg_op = 'INSERT' or old.status <> 'released') and not releaser then
    raise exception 'The office or a facilitator admin releases feedback.' using errcode = '42501';
  end if;

  if not exists (select 1 from public.reference r where r.id = new.group_id and r.kind = 'group') then
    raise exception 'The group is not one of the centre''s groups.' using errcode = 'P0001';
  end if;
  return new;
end;
$$;
create trigger feedback_guard before insert or update on public.feedback
  for each row execute function app.feedback_guard();

revoke execute on function app.feedback_guard() from public, anon, authenticated;

-- The students whose own account the caller signs in with (a student reads their released
-- feedback through it), as a set a policy compares a row's student with.
create or replace function app.my_own_student_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(s.id), '{}')
    from public.students s
    join public.family_contacts c on c.id = s.contact_id
    join public.members m on m.id = c.member_id
   where m.id = auth.uid() and m.status = 'verified' and m.role = 'student' and not s._deleted
$$;
revoke execute on function app.my_own_student_ids() from public, anon;
grant execute on function app.my_own_student_ids() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Privileges and policies
-- ---------------------------------------------------------------------------------------------
revoke all on public.feedback from anon;
revoke delete, truncate, references, trigger on public.feedback from authenticated;
grant select, insert, update on public.feedback to authenticated;
grant all on public.feedback to service_role;

-- Staff and facilitators read every entry (the weekly display shows what colleagues wrote); a
-- guardian reads their children's released entries and their groups' released group feedback;
-- a student their own.
create policy "Staff and facilitators read feedback; families what was released to them" on public.feedback
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator())
         or (status = 'released' and (
               family_id = any ((select app.my_family_ids())::text[])
               or (kind = 'group' and group_id = any ((select app.family_group_ids())::text[]))
               or student_id = any ((select app.my_own_student_ids())::text[]))));

-- A facilitator writes as themselves; the office and facilitator admins on anyone's behalf.
create policy "Facilitators write their own feedback; the office and facilitator admins any" on public.feedback
  for insert to authenticated
  with check ((select app.is_staff()) or (select app.is_facilitator_admin())
              or ((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())));

create policy "Facilitators change their own feedback; the office and facilitator admins any" on public.feedback
  for update to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator_admin())
         or ((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())))
  with check ((select app.is_staff()) or (select app.is_facilitator_admin())
              or ((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())));

create trigger writes_go_through_functions before insert or update or delete
  on public.feedback for each statement execute function app.writes_go_through_functions();

-- ---------------------------------------------------------------------------------------------
-- The feedback e-mail (M09, F33)
-- ---------------------------------------------------------------------------------------------

-- When a child's feedback for a term is released, the server queues one 'Student Feedback'
-- e-mail to the family's guardians with the term's PDF attached (made by the dispatcher when it
-- sends, from what is released by then). A release pushed in one go (one transaction) is one
-- e-mail per child and term: the message's id is the child's, the term's and the transaction's.
-- While that message still waits in the queue, a further release adds nothing (the PDF is made
-- when it is sent, so it will hold the new entries too); a release after it has gone queues a
-- new e-mail with the updated PDF. A family with no e-mail address gets none, and the release
-- is not refused for it: the family still reads the feedback in the app.
create or replace function app.feedback_queue_mail() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  addresses text[];
  student_name text;
  term_words text;
  prefix text;
begin
  if new.kind <> 'student' or new.status <> 'released' or new._deleted
     or (tg_op = 'UPDATE' and old.status = 'released') then
    return null;
  end if;
  prefix := 'feedback-' || new.student_id || '-' || new.term || '-';
  if exists (select 1 from public.email_outbox o
              where o.id like prefix || '%' and o.status = 'queued') then
    return null;
  end if;
  addresses := app.receipt_addresses(new.family_id);
  if cardinality(addresses) = 0 then
    return null;
  end if;
  select coalesce(nullif(btrim(s.name), ''), new.data ->> 'studentName')
    into student_name from public.students s where s.id = new.student_id;
  student_name := coalesce(student_name, new.data ->> 'studentName', 'your child');
  term_words := 'Term ' || split_part(new.term, '_', 3) || ' ' || split_part(new.term, '_', 1)
                || '-' || right(split_part(new.term, '_', 2), 2);
  insert into public.email_outbox (id, recipients, subject, html_body, attachments, email_type,
                                   email_trigger, triggered_by)
  values (
    prefix || txid_current()::text,
    addresses,
    left('Feedback for ' || student_name || ', ' || term_words, 998),
    '<p>Dear parents,</p><p>The centre''s feedback for ' || app.html_text(student_name)
      || ' for ' || term_words || ' is attached as a PDF. You can also read it, and download it'
      || ' again, in the app under Feedback.</p>',
    jsonb_build_array(jsonb_build_object('feedback',
      jsonb_build_object('student', new.student_id, 'term', new.term))),
    'Student Feedback',
    'Feedback released',
    auth.uid()
  )
  on conflict (id) do nothing;
  return null;
end;
$$;

revoke execute on function app.feedback_queue_mail() from public, anon, authenticated;

create trigger feedback_queue_mail after insert or update on public.feedback
  for each row execute function app.feedback_queue_mail();

-- What the dispatcher makes a child's feedback PDF from: the child's name and group, each
-- released entry (subject, facilitator, title, colour, text) and the released covered
-- curriculum of the child's group, per subject. Null when nothing is released for the child in
-- the term. Service role only.
create or replace function public.outbox_feedback_pdf(student text, term text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  with entries as (
    select f.*, coalesce(nullif(btrim(sub.data ->> 'name'), ''), 'Other') as subject_name
      from public.feedback f
      left join public.reference sub on sub.id = f.subject_id and sub.kind = 'subject'
     where f.kind = 'student' and f.student_id = outbox_feedback_pdf.student
       and f.term = outbox_feedback_pdf.term and f.status = 'released' and not f._deleted
  ), latest as (
    select e.group_id, e.data ->> 'studentName' as student_name
      from entries e order by e.created_at desc, e.id desc limit 1
  )
  select jsonb_build_object(
           'studentName', coalesce(
             (select nullif(btrim(s.name), '') from public.students s
               where s.id = outbox_feedback_pdf.student),
             l.student_name),
           'group', coalesce((select nullif(btrim(g.data ->> 'name'), '') from public.reference g
                               where g.id = l.group_id and g.kind = 'group'), l.group_id),
           'entries', (select coalesce(jsonb_agg(jsonb_build_object(
                         'subject', e.subject_name,
                         'facilitator', coalesce(e.data ->> 'facilitatorName', ''),
                         'title', coalesce(e.data ->> 'title', ''),
                         'colour', e.data ->> 'color',
                         'notParticipating', coalesce((e.data ->> 'notParticipating')::boolean, false),
                         'text', coalesce(e.data ->> 'feedback', ''))
                         order by e.subject_name, e.created_at, e.id), '[]'::jsonb)
                         from entries e),
           'curriculum', (select coalesce(jsonb_agg(jsonb_build_object(
                            'subject', coalesce(nullif(btrim(sub.data ->> 'name'), ''), 'Other'),
                            'coveredCurriculum', g.data ->> 'coveredCurriculum')
                            order by g.created_at, g.id), '[]'::jsonb)
                            from public.feedback g
                            left join public.reference sub on sub.id = g.subject_id and sub.kind = 'subject'
                           where g.kind = 'group' and g.group_id = l.group_id
                             and g.term = outbox_feedback_pdf.term and g.status = 'released'
                             and not g._deleted
                             and length(btrim(coalesce(g.data ->> 'coveredCurriculum', ''))) > 0))
    from latest l
$$;

revoke execute on function public.outbox_feedback_pdf(text, text) from public, anon, authenticated;

grant execute on function public.outbox_feedback_pdf(text, text) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The feedback PDF to download (M09)
-- ---------------------------------------------------------------------------------------------

-- What the `feedback-pdf` function makes a child's term PDF from, for the signed-in caller: the
-- same as the e-mailed PDF (released entries and the group's released covered curriculum only,
-- never a draft or an entry still waiting to be released). A guardian asks for their own
-- children's, a student for their own, the office and facilitators for any child's (they read
-- all feedback already); anyone else is refused (42501) whether or not the child exists. Null
-- when nothing is released for the child in the term.
create or replace function public.feedback_pdf(student text, term text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not (app.is_staff() or app.is_facilitator()
          or feedback_pdf.student = any (app.my_own_student_ids())
          or exists (select 1 from public.students s
                      where s.id = feedback_pdf.student and not s._deleted
                        and s.family_id = any (app.my_family_ids()))) then
    raise exception 'This feedback is not yours to download.' using errcode = '42501';
  end if;
  return public.outbox_feedback_pdf(feedback_pdf.student, feedback_pdf.term);
end;
$$;

revoke execute on function public.feedback_pdf(text, text) from public, anon;

grant execute on function public.feedback_pdf(text, text) to authenticated, service_role;

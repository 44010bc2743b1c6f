-- Feedback e-mails (M09, F33): a child's released feedback for a term goes to the guardians as a
-- 'Student Feedback' e-mail with the term's PDF attached, once per release.

set check_function_bodies = off;

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

drop trigger if exists feedback_queue_mail on public.feedback;
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

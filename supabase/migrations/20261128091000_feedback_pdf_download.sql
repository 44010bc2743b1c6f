-- Feedback PDFs to download (M09): a guardian, a student or the centre's staff fetch a child's
-- term PDF from the `feedback-pdf` function, made from released feedback only.

set check_function_bodies = off;

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

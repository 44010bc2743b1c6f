-- Notes (L11): what facilitators observe about a student or a group (say, to bring to feedback),
-- written on their devices offline as lesson items. A note is private to facilitators and the
-- office (kind 'note') unless its author shares it with the child's family when writing it (kind
-- 'shared_note'); a kind never changes, so a family never loses a note it read except by its
-- removal, which reaches its devices too.

alter table public.lesson_items drop constraint lesson_items_kind_known;

alter table public.lesson_items add constraint lesson_items_kind_known
  check (kind in ('comment', 'resource', 'assignment', 'absence', 'trial', 'note', 'shared_note'));

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

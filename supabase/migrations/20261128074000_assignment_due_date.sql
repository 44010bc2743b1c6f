-- An assignment may carry the date it is due (decision D41-5 in docs/decisions.md): the lesson
-- dialog fills in the lesson's next occurrence, and a student's week lists what is due. When it is
-- set it must be a calendar date, as the device's zod schema of the assignment kind says, so a
-- value no screen can read never reaches the students' devices.
alter table public.lesson_items
  add constraint assignment_due_is_date check (
    kind <> 'assignment' or data ->> 'dueDate' is null
    or (data ->> 'dueDate') ~ '^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$');

comment on constraint assignment_due_is_date on public.lesson_items is 'An assignment''s due date is a date (YYYY-MM-DD).';

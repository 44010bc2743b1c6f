-- Who receives the facilitator list (F10). The list carries each facilitator's sign-in e-mail,
-- and only the screens that show timetables name facilitators, so it goes to the centre's staff
-- and to facilitators (parent facilitators included), as operations.md §6 says; families,
-- students and members without a role do not receive it.
drop policy if exists "Members who are not blocked can read facilitators" on public.facilitators;
drop policy if exists "Staff and facilitators can read facilitators" on public.facilitators;
create policy "Staff and facilitators can read facilitators" on public.facilitators
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator()));

-- Topics, round two (issue 41): a facilitator keeps their own list, facilitator admins keep the
-- default list, and a family reads only the default list (the lessons a family sees carry their
-- topic's and subtopic's names, so a facilitator's own list stays with the facilitators).
drop policy "Members can read topics" on public.topics;

drop policy "Facilitators can add their topics" on public.topics;

drop policy "Facilitators can change their topics" on public.topics;

-- Staff and facilitators read every list (a colleague's topics show on the lessons they cover);
-- guardians and students read the default list.
create policy "Members can read the topics of their role" on public.topics
  for select to authenticated
  using ((select app.is_staff()) or (select app.is_facilitator())
         or (facilitator_id is null and (select app.role()) in ('guardian', 'student')));

-- A facilitator adds to their own list; only facilitator admins add to the default list.
create policy "Facilitators can add their topics" on public.topics
  for insert to authenticated
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and (select app.is_facilitator_admin())));

-- A facilitator edits and retires their own topics; only facilitator admins the default ones.
create policy "Facilitators can change their topics" on public.topics
  for update to authenticated
  using ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
         or (facilitator_id is null and (select app.is_facilitator_admin())))
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and (select app.is_facilitator_admin())));

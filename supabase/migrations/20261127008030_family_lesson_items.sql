-- Families read their groups' assignments and resources: a student sees what their lessons ask of
-- them and the material that goes with it, and a guardian sees the same for each child's group.
-- Facilitators' comments on lessons stay with staff and facilitators.

drop policy if exists "Families read their groups' assignments and resources" on public.lesson_items;
create policy "Families read their groups' assignments and resources" on public.lesson_items
  for select to authenticated
  using (kind in ('assignment', 'resource') and group_id = any (app.family_group_ids()));

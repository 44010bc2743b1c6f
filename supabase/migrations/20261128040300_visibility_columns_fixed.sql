-- Every column a read policy of a replicated table reads either cannot change or moves the scope
-- of those who lose the row (issue 30, item 3). `kind` was fixed before; a week's or a lesson
-- item's group was not, so a facilitator could move an assignment to another group through
-- sync_push and the old group's families kept their copy. tests/sql/visibility-columns.test.ts
-- lists the columns RLS reads and proves one of the two for each.

-- A column that decides who may read a row (a policy reads it) and that nothing re-sends the row
-- for: once written it stays, like `kind`. A device that could read the row before keeps its
-- copy only while the server would still send it, so moving a week or an assignment to another
-- group is removing it and adding a new one. The columns are the trigger's arguments.
create or replace function app.columns_are_fixed() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception 'A record cannot move to another %: remove it and add a new one.',
        case col when 'group_id' then 'group' when 'family_id' then 'family' else replace(col, '_', ' ') end
        using errcode = 'P0001';
    end if;
  end loop;
  return new;
end;
$$;

revoke execute on function app.columns_are_fixed() from public, anon, authenticated;

-- The group decides which families read a week or an assignment (their children's groups):
-- it never changes once written (app.columns_are_fixed).
create trigger group_is_fixed before update on public.timetables
  for each row execute function app.columns_are_fixed('group_id');

create trigger group_is_fixed before update on public.lesson_items
  for each row execute function app.columns_are_fixed('group_id');

-- A family's id is what its guardians read it by.
create trigger id_is_fixed before update on public.families
  for each row execute function app.columns_are_fixed('id');

-- Who changed an inquiry last, by name (issue 30, item 4): the inquiry's detail says "Last changed
-- by … on …", and the office's devices hold no list of members to name an id with. The server
-- writes the name with the id and the time, as it does for a timetable's week; a device never
-- does. Inquiries changed before keep their id and time; their name comes with the next change.

alter table public.inquiries add column if not exists updated_by_name text;

-- Who changed an inquiry last, and when: the server's clock and the caller, never the device's.
create or replace function app.touch_inquiry() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.submitted := old.submitted;
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  new.updated_by_name := (select nullif(btrim(m.name), '') from public.members m where m.id = auth.uid());
  return new;
end;
$$;

revoke execute on function app.touch_inquiry() from public, anon, authenticated;

select app.register_sync_table('inquiries', array['updated_at', 'updated_by', 'updated_by_name']);

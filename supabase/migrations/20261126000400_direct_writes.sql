-- Direct writes to the replicated tables (issue 19). On Supabase, PostgREST serves every table of
-- `public` to whoever holds a table privilege, so a signed-in member could PATCH a row of
-- `reference`, `topics`, `timetables`, `lesson_items` or `facilitators` straight through
-- /rest/v1 and skip sync_push's conflict check (and the refusal report the device relies on).
-- The privileges cannot simply be revoked: sync_push is SECURITY INVOKER, so that row-level
-- security decides what each person may write, and it writes the tables as the caller.
-- Instead, writes by `anon`/`authenticated` are accepted only while one of the app's own
-- functions runs: those functions set `app.writer = '<name>'` (restored when they return; how is
-- in 20261126000600), and a statement trigger on each table refuses everything else with 42501.
-- Reads keep their privileges: row-level security gives a direct read no more than sync_pull gives.

create or replace function app.writes_go_through_functions() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user::text in ('anon', 'authenticated')
     and coalesce(current_setting('app.writer', true), '') = '' then
    raise exception 'Changes to % are made through the app''s sync (sync_push), not directly', tg_table_name
      using errcode = '42501';
  end if;
  return null;
end;
$$;
revoke execute on function app.writes_go_through_functions() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['reference', 'topics', 'timetables', 'lesson_items', 'facilitators'] loop
    execute format('drop trigger if exists writes_go_through_functions on public.%I', t);
    execute format('create trigger writes_go_through_functions before insert or update or delete '
                   'on public.%I for each statement execute function app.writes_go_through_functions()', t);
  end loop;
end;
$$;

-- PostgreSQL lets only a superuser (or a role granted SET on the parameter) attach a custom
-- setting such as app.writer to a function, and `postgres` is neither on Supabase: there these two
-- statements are skipped, and 20261126000600 marks the writes from inside the functions instead.
do $$
begin
  if has_parameter_privilege('app.writer', 'set') then
    alter function public.sync_push(text, jsonb) set app.writer = 'sync_push';
    alter function public.admin_set_facilitator(uuid, boolean) set app.writer = 'admin_set_facilitator';
  end if;
end;
$$;

-- How sync_push and admin_set_facilitator mark their writes to the replicated tables (issue 19),
-- in a form `postgres` may install on Supabase. 20261126000400 attached `set app.writer = ...` to
-- the two functions, but PostgreSQL allows a custom setting in a function's definition only to a
-- superuser, and `postgres` is not one on Supabase: the migration failed there.
-- Now each public function is a thin wrapper that sets app.writer for the call and puts the
-- previous value back, around the function that does the work, moved to `app` (which PostgREST
-- does not serve). Calling the inner function directly writes nothing: the tables' trigger
-- refuses it without the mark. A later change to what these functions do replaces
-- app.sync_push / app.admin_set_facilitator; replacing public.sync_push or
-- public.admin_set_facilitator with a full body would drop the mark and every push would be refused.

alter function public.sync_push(text, jsonb) set schema app;
alter function public.admin_set_facilitator(uuid, boolean) set schema app;

-- Where 20261126000400 could attach the setting (a superuser applied it), it goes: one mechanism
-- everywhere. Only a superuser can have attached it, so only one needs to take it off.
do $$
begin
  if exists (select from pg_proc where oid = 'app.sync_push(text, jsonb)'::regprocedure
              and array_to_string(proconfig, ',') like '%app.writer=%') then
    alter function app.sync_push(text, jsonb) reset app.writer;
  end if;
  if exists (select from pg_proc where oid = 'app.admin_set_facilitator(uuid, boolean)'::regprocedure
              and array_to_string(proconfig, ',') like '%app.writer=%') then
    alter function app.admin_set_facilitator(uuid, boolean) reset app.writer;
  end if;
end;
$$;

create function public.sync_push(collection text, rows jsonb)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  outer_writer text := coalesce(current_setting('app.writer', true), '');
  answer jsonb;
begin
  perform set_config('app.writer', 'sync_push', true);
  answer := app.sync_push(collection, rows);
  perform set_config('app.writer', outer_writer, true);
  return answer;
end;
$$;
revoke execute on function public.sync_push(text, jsonb) from public, anon;
grant execute on function public.sync_push(text, jsonb) to authenticated;

create function public.admin_set_facilitator(member uuid, make boolean)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  outer_writer text := coalesce(current_setting('app.writer', true), '');
  answer jsonb;
begin
  perform set_config('app.writer', 'admin_set_facilitator', true);
  answer := app.admin_set_facilitator(member, make);
  perform set_config('app.writer', outer_writer, true);
  return answer;
end;
$$;
revoke execute on function public.admin_set_facilitator(uuid, boolean) from public, anon;
grant execute on function public.admin_set_facilitator(uuid, boolean) to authenticated;

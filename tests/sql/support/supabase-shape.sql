-- A database shaped like a Supabase project before its first `supabase db push`, written by hand
-- after Supabase's own sources (supabase/postgres init scripts and migrations, supabase/auth,
-- supabase/storage and supabase/realtime migrations), reduced to the objects the app's
-- migrations and tests/sql/supabase-shape.test.ts touch. Applied by the server's superuser.
-- It is deliberately not supabase/local/bootstrap: owners, grants and role attributes are
-- Supabase's, so a migration that only works as a superuser or as a table owner fails here.
--
-- Two things differ from a real project, because they cannot be reproduced on a plain server:
-- * The role Supabase calls `postgres` is `supabase_postgres` here: on the test server (and in
--   PGlite) `postgres` is the superuser that runs the tests. It has Supabase's attributes
--   (NOSUPERUSER CREATEDB CREATEROLE REPLICATION BYPASSRLS) and owns the database.
-- * Supabase lets `postgres` manage policies on the tables of auth, storage and realtime it does
--   not own through the supautils extension (`supautils.policy_grants`), and nothing else there:
--   since 2024-25 `postgres` is no member of supabase_auth_admin, supabase_storage_admin or
--   supabase_realtime_admin. Here the test's `db push` grants membership in the owning roles for
--   the length of the push only (inherited, without SET where the server can say so: PostgreSQL
--   16 and later), an event trigger refuses every change but a policy that `supabase_postgres`
--   makes in those schemas or that anyone makes as their owners, and the push refuses a migration
--   that switches role or changes a privilege there (see tests/sql/supabase-shape.test.ts).
-- * `authenticated` and `anon` have Supabase's statement timeouts (8 s and 3 s), which PostgREST
--   applies when it takes the role; the test's requests do the same.
-- Roles belong to the whole server: each is created only when missing. They are NOLOGIN here
-- (the test switches to them with SET ROLE), so none can be used to connect to the server.

do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('supabase_admin', 'nologin superuser createdb createrole replication bypassrls'),
      ('supabase_postgres', 'nologin nosuperuser createdb createrole replication bypassrls inherit'),
      ('anon', 'nologin inherit'),
      ('authenticated', 'nologin inherit'),
      ('service_role', 'nologin inherit bypassrls'),
      ('authenticator', 'nologin noinherit'),
      ('supabase_auth_admin', 'nologin noinherit createrole'),
      ('supabase_storage_admin', 'nologin noinherit createrole'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('dashboard_user', 'nologin createdb createrole replication')
    ) as r(name, options)
  loop
    if not exists (select from pg_roles where rolname = spec.name) then
      begin
        execute format('create role %I %s', spec.name, spec.options);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
  -- supabase_admin is the platform's superuser; a server bootstrapped by the local host has it
  -- as a plain role.
  if not (select rolsuper from pg_roles where rolname = 'supabase_admin') then
    alter role supabase_admin superuser createdb createrole replication bypassrls;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to supabase_postgres;
-- A server shared by several test databases may still have the membership a push left behind.
revoke supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin from supabase_postgres;

-- The platform owns the database; `postgres` may create schemas in it.
do $$
begin
  execute format('alter database %I owner to supabase_admin', current_database());
  execute format('grant create, connect, temporary on database %I to supabase_postgres', current_database());
  execute format('alter role authenticated in database %I set statement_timeout = %L', current_database(), '8s');
  execute format('alter role anon in database %I set statement_timeout = %L', current_database(), '3s');
end
$$;

-- Extensions live in their own schema, created by the platform.
create schema extensions authorization supabase_admin;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to supabase_postgres, anon, authenticated, service_role;
grant all on schema extensions to supabase_postgres with grant option;

grant usage on schema public to anon, authenticated, service_role;
grant all on schema public to supabase_postgres;
alter default privileges for role supabase_postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role supabase_postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role supabase_postgres in schema public
  grant all on sequences to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- auth, as Supabase Auth creates it: owned by supabase_auth_admin, RLS on without policies.
-- ---------------------------------------------------------------------------------------------
create schema auth authorization supabase_admin;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to supabase_postgres, anon, authenticated, service_role, dashboard_user;
set role supabase_auth_admin;
create table auth.users (
  instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255), email varchar(255),
  encrypted_password varchar(255), email_confirmed_at timestamptz, invited_at timestamptz,
  confirmation_token varchar(255), confirmation_sent_at timestamptz, recovery_token varchar(255),
  recovery_sent_at timestamptz, email_change_token_new varchar(255), email_change varchar(255),
  email_change_sent_at timestamptz, last_sign_in_at timestamptz, raw_app_meta_data jsonb,
  raw_user_meta_data jsonb, is_super_admin boolean, created_at timestamptz, updated_at timestamptz,
  phone text unique, phone_confirmed_at timestamptz, phone_change text default '',
  phone_change_token varchar(255) default '', phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '', email_change_confirm_status smallint default 0,
  banned_until timestamptz, reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz, is_sso_user boolean not null default false,
  deleted_at timestamptz, is_anonymous boolean not null default false
);
create table auth.identities (
  provider_id text not null, user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null, provider text not null, last_sign_in_at timestamptz,
  created_at timestamptz, updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(), unique (provider_id, provider)
);
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
create function auth.uid() returns uuid language sql stable set search_path = '' as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$f$;
create function auth.role() returns text language sql stable set search_path = '' as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$f$;
create function auth.email() returns text language sql stable set search_path = '' as $f$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$f$;
create function auth.jwt() returns jsonb language sql stable set search_path = '' as $f$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$f$;
grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to supabase_postgres, anon, authenticated, service_role, dashboard_user;
-- What the platform's migrations leave `postgres` on auth's tables.
grant all on auth.users, auth.identities to supabase_postgres, dashboard_user;
reset role;

-- ---------------------------------------------------------------------------------------------
-- storage, as Supabase Storage creates it: owned by supabase_storage_admin.
-- ---------------------------------------------------------------------------------------------
create schema storage authorization supabase_admin;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to supabase_postgres, anon, authenticated, service_role;
set role supabase_storage_admin;
create table storage.buckets (
  id text primary key, name text not null, owner uuid, owner_id text, public boolean default false,
  avif_autodetection boolean default false, file_size_limit bigint, allowed_mime_types text[],
  created_at timestamptz default now(), updated_at timestamptz default now()
);
create unique index bname on storage.buckets (name);
create table storage.objects (
  id uuid primary key default gen_random_uuid(), bucket_id text references storage.buckets (id),
  name text, owner uuid, owner_id text, created_at timestamptz default now(),
  updated_at timestamptz default now(), last_accessed_at timestamptz default now(),
  metadata jsonb, user_metadata jsonb, version text, level int,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored
);
create unique index bucketid_objname on storage.objects (bucket_id, name);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
create function storage.foldername(name text) returns text[] language plpgsql immutable as $f$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return parts[1:array_length(parts, 1) - 1];
end
$f$;
create function storage.filename(name text) returns text language plpgsql immutable as $f$
declare
  parts text[];
begin
  select string_to_array(name, '/') into parts;
  return parts[array_length(parts, 1)];
end
$f$;
create function storage.extension(name text) returns text language plpgsql immutable as $f$
begin
  return reverse(split_part(reverse(storage.filename(name)), '.', 1));
end
$f$;
-- Storage refuses SQL deletes from its tables (the bytes would be orphaned) unless the
-- transaction sets storage.allow_delete_query.
create function storage.protect_delete() returns trigger language plpgsql as $f$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$f$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
grant all on storage.buckets, storage.objects to supabase_postgres, anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to supabase_postgres, anon, authenticated, service_role;
reset role;
-- Projects made before the images bucket had a `public` bucket, empty here.
insert into storage.buckets (id, name, public) values ('public', 'public', true);

-- ---------------------------------------------------------------------------------------------
-- realtime, as Supabase Realtime creates it: the schema owned by supabase_admin, the broadcast
-- table (partitioned by day) by supabase_realtime_admin.
-- ---------------------------------------------------------------------------------------------
create schema realtime authorization supabase_admin;
grant usage on schema realtime to supabase_postgres, anon, authenticated, service_role, supabase_realtime_admin;
create table realtime.messages (
  topic text not null, extension text not null, payload jsonb, event text,
  private boolean default false,
  updated_at timestamp not null default now(), inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
) partition by range (inserted_at);
-- Realtime keeps partitions for the coming days; one covering this test is enough.
do $$
begin
  execute format('create table realtime.messages_now partition of realtime.messages for values from (%L) to (%L)',
    (now() - interval '1 day')::timestamp, (now() + interval '2 days')::timestamp);
end
$$;
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages_now owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to supabase_postgres, anon, authenticated, service_role;
create function realtime.topic() returns text language sql stable as $f$
  select nullif(current_setting('realtime.topic', true), '')::text
$f$;
-- Sends a broadcast by inserting it; like Realtime's own, it never fails the caller's
-- transaction: an error becomes a warning.
create function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $f$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$f$;
grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean)
  to supabase_postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Stand-ins with the signatures of Supabase Vault, pg_net and pg_cron, and the privileges their
-- after-create scripts give `postgres` (supabase/postgres: ansible/files/
-- postgresql_extension_custom_scripts/{supabase_vault,pg_cron}/after-create.sql; pg_net grants all
-- on its tables to postgres). The secrets are kept in clear (a plain view decrypts nothing);
-- net.http_post records the request it is asked to send in net.http_calls (the stand-in's own
-- table: pg_net's queue is emptied by its worker) and the test plays the worker by writing the
-- answers into net._http_response, pg_net's own table; pg_cron's jobs are rows of cron.job that
-- the test runs itself, recording each run in cron.job_run_details as pg_cron does.
-- ---------------------------------------------------------------------------------------------
create schema vault authorization supabase_admin;
create table vault.secrets (
  id uuid primary key default gen_random_uuid(), name text unique, description text not null default '',
  secret text not null, created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at, updated_at
    from vault.secrets;
create function vault.create_secret(new_secret text, new_name text default null,
  new_description text default '', new_key_id uuid default null)
returns uuid language sql security definer set search_path = '' as $f$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, coalesce(new_description, '')) returning id
$f$;
create function vault.update_secret(secret_id uuid, new_secret text default null,
  new_name text default null, new_description text default null, new_key_id uuid default null)
returns void language sql security definer set search_path = '' as $f$
  update vault.secrets s set secret = coalesce(new_secret, s.secret), name = coalesce(new_name, s.name),
         description = coalesce(new_description, s.description), updated_at = now()
   where s.id = secret_id
$f$;
grant usage on schema vault to supabase_postgres;
grant select, delete on vault.secrets, vault.decrypted_secrets to supabase_postgres;
grant execute on function vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid) to supabase_postgres;

create schema net authorization supabase_admin;
create table net.http_calls (
  id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds int
);
create table net._http_response (
  id bigint, status_code integer, content_type text, headers jsonb, content text, timed_out bool,
  error_msg text, created timestamptz not null default now()
);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
  headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000)
returns bigint language sql security definer set search_path = '' as $f$
  insert into net.http_calls (url, body, params, headers, timeout_milliseconds)
  values (url, body, params, headers, timeout_milliseconds) returning id
$f$;
grant usage on schema net to supabase_postgres, anon, authenticated, service_role;
grant all on net.http_calls, net._http_response to supabase_postgres;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, int)
  to supabase_postgres, anon, authenticated, service_role;

create schema cron authorization supabase_admin;
create table cron.job (
  jobid bigserial primary key, schedule text not null, command text not null,
  nodename text not null default 'localhost', nodeport integer not null default 5432,
  database text not null default current_database(), username text not null default current_user,
  active boolean not null default true, jobname text, unique (jobname, username)
);
create table cron.job_run_details (
  jobid bigint, runid bigserial primary key, job_pid integer, database text, username text,
  command text, status text, return_message text, start_time timestamptz, end_time timestamptz
);
-- pg_cron writes cron.job in C whatever the caller's privileges, as the caller's job; here a
-- definer function does the writing and the caller's name is handed to it.
create function cron.store_job(job_name text, schedule text, command text, owner text)
returns bigint language sql security definer set search_path = '' as $f$
  insert into cron.job (jobname, schedule, command, username) values (job_name, schedule, command, owner)
  on conflict (jobname, username) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid
$f$;
create function cron.drop_job(job_name text, owner text)
returns boolean language sql security definer set search_path = '' as $f$
  with gone as (delete from cron.job j where j.jobname = job_name and j.username = owner returning 1)
  select count(*) > 0 from gone
$f$;
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql as $f$ select cron.store_job(job_name, schedule, command, current_user::text) $f$;
create function cron.unschedule(job_name text) returns boolean
language sql as $f$ select cron.drop_job(job_name, current_user::text) $f$;
grant usage on schema cron to supabase_postgres;
grant select on cron.job to supabase_postgres;
grant all on cron.job_run_details to supabase_postgres;
grant execute on all functions in schema cron to supabase_postgres;

-- Settings supautils lets `postgres` change although it is no superuser
-- (`supautils.privileged_role_allowed_configs`); the ones the app's tools use.
grant set on parameter session_replication_role to supabase_postgres;

-- What supautils refuses `postgres` in the platform's schemas: anything but policies. Commands run
-- as the platform's own roles are refused too: on Supabase `postgres` cannot become them.
create schema supautils authorization supabase_admin;
create function supautils.stand_in() returns event_trigger language plpgsql as $f$
declare
  c record;
begin
  if current_user in ('supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin') then
    for c in select * from pg_event_trigger_ddl_commands() loop
      if c.command_tag not in ('CREATE POLICY', 'ALTER POLICY') then
        raise exception '% as % needs a role postgres cannot take on Supabase', c.command_tag, current_user
          using errcode = '42501';
      end if;
    end loop;
  end if;
  if current_user <> 'supabase_postgres' then
    return;
  end if;
  for c in select * from pg_event_trigger_ddl_commands() loop
    if c.schema_name in ('auth', 'storage', 'realtime')
       and c.command_tag not in ('CREATE POLICY', 'ALTER POLICY') then
      raise exception '% of % needs the owner of the platform''s schema, which postgres is not on Supabase',
        c.command_tag, c.object_identity using errcode = '42501';
    end if;
  end loop;
end
$f$;
create event trigger supautils_stand_in on ddl_command_end execute function supautils.stand_in();

-- Drops are seen apart: a dropped table, trigger or function of the platform is refused whoever
-- asks, a dropped policy is allowed (policy_grants covers DROP POLICY).
create function supautils.stand_in_drop() returns event_trigger language plpgsql as $f$
declare
  o record;
begin
  if current_user not in ('supabase_postgres', 'supabase_auth_admin', 'supabase_storage_admin',
                          'supabase_realtime_admin') then
    return;
  end if;
  for o in select * from pg_event_trigger_dropped_objects() loop
    if o.schema_name in ('auth', 'storage', 'realtime') and o.object_type <> 'policy' then
      raise exception 'DROP of % % needs the owner of the platform''s schema, which postgres is not on Supabase',
        o.object_type, o.object_identity using errcode = '42501';
    end if;
  end loop;
end
$f$;
create event trigger supautils_stand_in_drop on sql_drop execute function supautils.stand_in_drop();

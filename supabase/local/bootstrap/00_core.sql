-- What Supabase's Postgres image and Supabase Auth (GoTrue) create before any project
-- migration runs, reproduced for a plain PostgreSQL server or embedded PGlite, so that
-- supabase/migrations apply unchanged here and on a real Supabase project.
-- Sources: supabase/postgres migrations/db/init-scripts (roles, grants, extensions schema),
-- supabase/postgres migrations/db/migrations (inherit, postgres grants), supabase/auth
-- migrations (auth tables and the auth.uid()/role()/email()/jwt() functions).
-- Applied only on databases that are not Supabase ones, and safe to apply again: roles are
-- shared by every database of a server, so each one is created only when missing.

-- API roles. PostgREST switches to one of them per request; service_role skips RLS because
-- server code acts for the centre, not for a person. The service accounts exist so grants
-- written for Supabase (e.g. to supabase_auth_admin for the access token hook) apply here too;
-- they cannot log in, the host connects as the database owner.
-- Roles belong to the whole server: several databases may bootstrap at once (tests do), so each
-- change is made only when missing, and a role created meanwhile by another one is fine.
do $$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'nologin noinherit'),
      ('supabase_auth_admin', 'nologin noinherit'),
      ('supabase_admin', 'nologin')
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
  -- Supabase later made the API roles inherit (20230529180330_alter_api_roles_for_inherit).
  if exists (select from pg_roles where rolname in ('anon', 'authenticated', 'service_role') and not rolinherit) then
    alter role anon inherit;
    alter role authenticated inherit;
    alter role service_role inherit;
  end if;
  if not pg_has_role('authenticator', 'anon', 'member')
     or not pg_has_role('authenticator', 'authenticated', 'member')
     or not pg_has_role('authenticator', 'service_role', 'member') then
    grant anon, authenticated, service_role to authenticator;
  end if;
end
$$;

-- Extensions live in their own schema on Supabase; migrations call extensions.crypt() etc.
create schema if not exists extensions;
do $$
declare
  current_schema_name text;
begin
  select n.nspname into current_schema_name
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pgcrypto';
  if current_schema_name is null then
    create extension pgcrypto with schema extensions;
  elsif current_schema_name <> 'extensions' then
    alter extension pgcrypto set schema extensions;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
-- Supabase's defaults: objects the migration owner creates in public are granted to the API
-- roles, and RLS decides what each person sees.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;

-- The request's identity, read from the settings PostgREST (and the local host) set per
-- transaction; bodies as in supabase/auth 20240624145325_recreate_auth_functions.
create or replace function auth.uid()
  returns uuid
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
$func$ language sql stable;

create or replace function auth.role()
  returns text
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
$func$ language sql stable;

create or replace function auth.email()
  returns text
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
$func$ language sql stable;

create or replace function auth.jwt()
  returns jsonb
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$func$ language sql stable;

comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role, supabase_auth_admin;

-- Session assurance levels, as GoTrue declares them for auth.sessions.
do $$
begin
  if not exists (
    select from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'auth' and t.typname = 'aal_level'
  ) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
end
$$;

-- auth.users with the columns GoTrue reads and writes today. Token columns default to ''
-- because GoTrue scans them into non-null strings: seed rows must not leave them null.
create table if not exists auth.users (
  instance_id uuid null,
  id uuid not null primary key,
  aud varchar(255) null,
  role varchar(255) null,
  email varchar(255) null,
  encrypted_password varchar(255) null,
  email_confirmed_at timestamptz null,
  invited_at timestamptz null,
  confirmation_token varchar(255) null,
  confirmation_sent_at timestamptz null,
  recovery_token varchar(255) null,
  recovery_sent_at timestamptz null,
  email_change_token_new varchar(255) null,
  email_change varchar(255) null,
  email_change_sent_at timestamptz null,
  last_sign_in_at timestamptz null,
  raw_app_meta_data jsonb null,
  raw_user_meta_data jsonb null,
  is_super_admin bool null,
  created_at timestamptz null,
  updated_at timestamptz null,
  phone text null unique default null,
  phone_confirmed_at timestamptz null default null,
  phone_change text null default '',
  phone_change_token varchar(255) null default '',
  phone_change_sent_at timestamptz null default null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) null default '',
  email_change_confirm_status smallint null default 0
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz null,
  reauthentication_token varchar(255) null default '',
  reauthentication_sent_at timestamptz null default null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz null,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new !~ '^[0-9 ]*$';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz null,
  created_at timestamptz null,
  updated_at timestamptz null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz null,
  updated_at timestamptz null,
  factor_id uuid null,
  aal auth.aal_level null,
  not_after timestamptz null,
  refreshed_at timestamp without time zone null,
  user_agent text null,
  ip inet null,
  tag text null
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid null,
  id bigserial not null primary key,
  token varchar(255) null,
  user_id varchar(255) null,
  revoked bool null,
  created_at timestamptz null,
  updated_at timestamptz null,
  parent varchar(255) null,
  session_id uuid null references auth.sessions (id) on delete cascade,
  constraint refresh_tokens_token_unique unique (token)
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- Auth owns its tables; RLS is on with no policies (20240612123726_enable_rls_update_grants),
-- so the API roles cannot read them even where a grant exists.
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;

grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
do $$
begin
  if exists (select from pg_roles where rolname = 'postgres') then
    grant usage on schema auth to postgres;
    grant all on all tables in schema auth to postgres;
    grant all on all sequences in schema auth to postgres;
    grant select on auth.users, auth.identities, auth.sessions, auth.refresh_tokens
      to postgres with grant option;
  end if;
end
$$;

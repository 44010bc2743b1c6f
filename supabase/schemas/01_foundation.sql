-- The foundation every other area builds on: locked-down default privileges, the private `app`
-- schema of helpers, the member record (role, status and flags that decide what a person sees),
-- sign-in history, the shared settings, system errors and warnings, the RLS helpers that read the
-- member row at the moment of the query, and the access token hook that puts a member's role and
-- flags into their token.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- Functions are private until granted: a new function must not be callable by anyone through
-- /rest/v1/rpc just because it exists.
alter default privileges revoke execute on functions from public;

alter default privileges in schema public revoke execute on functions from anon, authenticated;

-- Helpers used by RLS policies live outside the exposed API schema so they cannot be called
-- over HTTP, only from SQL that runs as the signed-in person.
create schema if not exists app;

revoke all on schema app from public;

grant usage on schema app to authenticated, service_role;

-- Facilitators (operations.md §3). The id is the facilitatorUUID made on a device or by the
-- server; auth_uid links the account once the facilitator has signed in for the first time,
-- which is why a row can exist with status authPending and no account.
create table if not exists public.facilitators (
  id text primary key check (length(id) between 1 and 64),
  name text not null check (length(name) between 1 and 200),
  email text check (email = lower(email)),
  status text not null default 'authPending' check (status in ('active', 'authPending')),
  auth_uid uuid unique references auth.users (id) on delete set null,
  last_edited timestamptz not null default now(),
  last_edited_by text
);

alter table public.facilitators enable row level security;

-- The member record of core.md §3, one per account (id is the auth uid). Role and status decide
-- everything a person may see, so only admins and server code change them.
create table if not exists public.members (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (email = lower(email)),
  name text not null default '',
  role text not null default 'member'
    check (role in ('admin', 'admission', 'administration', 'facilitator', 'guardian', 'student', 'member')),
  status text not null default 'verified' check (status in ('verified', 'blocked')),
  extra text check (extra in ('admin', 'pf')),
  is_profile_admin boolean not null default false,
  created_at timestamptz not null default now(),
  last_activity timestamptz,
  last_updated timestamptz not null default now(),
  app_version text not null default '1.0.0',
  signin_count integer not null default 0 check (signin_count >= 0),
  family_token text,
  is_facilitator boolean not null default false,
  facilitator_id text references public.facilitators (id) on delete set null,
  notifications_facilitator boolean not null default true,
  notifications_administration boolean not null default true,
  notifications_parents boolean not null default true,
  notifications_students boolean not null default true,
  -- Moves on whenever what the member may see changes (02_sync.sql: app.bump_sync_scope): their
  -- devices then pull every collection again from the start.
  sync_scope bigint not null default 1,
  -- The WhatsApp number the member registered with (facilitator sign-up, connect account), digits
  -- only with the country code, so the centre can reach the person the account belongs to.
  whatsapp text check (whatsapp ~ '^[0-9]{6,15}$'),
  -- Whether an admin lets this member send e-mail (06_mail.sql: app.may_send_email).
  email_sending boolean not null default true
);

alter table public.members enable row level security;

create index if not exists members_role_status_idx on public.members (role, status);

create index if not exists members_family_token_idx on public.members (family_token);

-- Sign-ins of a member; the admin screen shows the latest 20.
create table if not exists public.login_history (
  id uuid primary key default gen_random_uuid(),
  member_id uuid not null references public.members (id) on delete cascade,
  at timestamptz not null default now(),
  app_version text,
  user_agent text,
  ip text
);

alter table public.login_history enable row level security;

create index if not exists login_history_member_at_idx on public.login_history (member_id, at desc);

-- The shared settings/counters document (operations.md §3): one row, so the page size an admin
-- chooses is the same for everyone. Counters are maintained by server code.
create table if not exists public.app_settings (
  id text primary key default 'shared' check (id = 'shared'),
  pagination_limit integer not null default 15 check (pagination_limit between 5 and 100),
  counters jsonb not null default '{}'::jsonb check (jsonb_typeof(counters) = 'object'),
  updated_at timestamptz not null default now(),
  -- The centre's bank details families pay fees to (issue 40): set by an admin, read through
  -- public.centre_bank_details().
  bank_details jsonb not null default '{}'::jsonb,
  constraint app_settings_bank_details_object check (jsonb_typeof(bank_details) = 'object')
);

alter table public.app_settings enable row level security;

insert into public.app_settings (id) values ('shared') on conflict (id) do nothing;

-- The published app version (Website/WebsiteData): open clients compare it with their own and
-- tell the person to refresh when it changed.
create table if not exists public.website_data (
  id text primary key default 'website' check (id = 'website'),
  app_version text not null default '1.0.54',
  updated_at timestamptz not null default now()
);

alter table public.website_data enable row level security;

insert into public.website_data (id) values ('website') on conflict (id) do nothing;

-- Errors and warnings logged by server code; admins read them and dismiss them when handled.
create table if not exists public.system_errors (
  id uuid primary key default gen_random_uuid(),
  logged_at timestamptz not null default now(),
  source text not null,
  message text not null,
  details jsonb not null default '{}'::jsonb,
  dismissed_at timestamptz
);

alter table public.system_errors enable row level security;

create index if not exists system_errors_logged_at_idx on public.system_errors (logged_at desc);

-- Same shape as system_errors, kept apart because the admin tools list them separately.
create table if not exists public.system_warnings (
  id uuid primary key default gen_random_uuid(),
  logged_at timestamptz not null default now(),
  source text not null,
  message text not null,
  details jsonb not null default '{}'::jsonb,
  dismissed_at timestamptz
);

alter table public.system_warnings enable row level security;

create index if not exists system_warnings_logged_at_idx on public.system_warnings (logged_at desc);

-- Table privileges: writes go through RLS-checked columns only; everything else is server code
-- running as service_role.
revoke all on public.members, public.facilitators, public.login_history, public.app_settings,
  public.website_data, public.system_errors, public.system_warnings from anon, authenticated;

grant select on public.members, public.facilitators, public.login_history, public.app_settings,
  public.system_errors, public.system_warnings to authenticated;

grant update (role, status, extra, is_profile_admin, is_facilitator, facilitator_id,
  notifications_facilitator, notifications_administration, notifications_parents,
  notifications_students) on public.members to authenticated;

grant insert, update, delete on public.facilitators to authenticated;

grant update (pagination_limit) on public.app_settings to authenticated;

grant update (dismissed_at) on public.system_errors, public.system_warnings to authenticated;

-- The caller's member id, or null when the account has no member record.
create or replace function app.member_id() returns uuid
language sql stable security definer set search_path = ''
as $$ select m.id from public.members m where m.id = auth.uid() $$;

grant execute on function app.member_id() to authenticated, service_role;

-- The caller's role while they are not blocked; null for blocked members and non-members.
create or replace function app.role() returns text
language sql stable security definer set search_path = ''
as $$ select m.role from public.members m where m.id = auth.uid() and m.status = 'verified' $$;

grant execute on function app.role() to authenticated, service_role;

-- Whether the caller's member record is blocked.
create or replace function app.is_blocked() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.members m where m.id = auth.uid() and m.status = 'blocked')
$$;

grant execute on function app.is_blocked() to authenticated, service_role;

-- System administrators (role admin).
create or replace function app.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.members m
     where m.id = auth.uid() and m.status = 'verified' and m.role = 'admin'
  )
$$;

grant execute on function app.is_admin() to authenticated, service_role;

-- Office staff: admin, administration and admission manage families and admissions.
create or replace function app.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.members m
     where m.id = auth.uid() and m.status = 'verified'
       and m.role in ('admin', 'administration', 'admission')
  )
$$;

grant execute on function app.is_staff() to authenticated, service_role;

-- Facilitators, and parents who also facilitate (guardian with extra 'pf').
create or replace function app.is_facilitator() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.members m
     where m.id = auth.uid() and m.status = 'verified'
       and (m.role = 'facilitator' or (m.role = 'guardian' and m.extra = 'pf'))
  )
$$;

grant execute on function app.is_facilitator() to authenticated, service_role;

-- Facilitators with extra 'admin' (they also manage mixed groups).
create or replace function app.is_facilitator_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.members m
     where m.id = auth.uid() and m.status = 'verified'
       and m.role = 'facilitator' and m.extra = 'admin'
  )
$$;

grant execute on function app.is_facilitator_admin() to authenticated, service_role;

-- The facilitator record the caller acts as, for policies on lessons and groups.
create or replace function app.facilitator_id() returns text
language sql stable security definer set search_path = ''
as $$
  select m.facilitator_id from public.members m where m.id = auth.uid() and m.status = 'verified'
$$;

grant execute on function app.facilitator_id() to authenticated, service_role;

-- The caller's family, for policies on family data.
create or replace function app.family_token() returns text
language sql stable security definer set search_path = ''
as $$
  select m.family_token from public.members m where m.id = auth.uid() and m.status = 'verified'
$$;

grant execute on function app.family_token() to authenticated, service_role;

revoke execute on all functions in schema app from public, anon;

-- Keeps last_updated truthful whoever changes a member.
create or replace function app.touch_member() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.last_updated := now();
  return new;
end
$$;

create trigger members_touch before update on public.members
  for each row execute function app.touch_member();

-- Records when and by whom a facilitator was last edited, as the admin list shows it.
create or replace function app.touch_facilitator() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.last_edited := now();
  new.last_edited_by := coalesce(auth.email(), auth.uid()::text, new.last_edited_by);
  return new;
end
$$;

create trigger facilitators_touch before insert or update on public.facilitators
  for each row execute function app.touch_facilitator();

-- A person sees their own record (also while blocked, so the app can explain why).
create policy "Members can read their own record" on public.members
  for select to authenticated using (id = (select auth.uid()));

-- The members screen lists everyone for admins.
create policy "Admins can read every member" on public.members
  for select to authenticated using ((select app.is_admin()));

-- Admins block, unblock and change roles and flags (the columns granted above).
create policy "Admins can change members" on public.members
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

-- Supabase Auth reads the member row when it builds a token (the access token hook).
create policy "Supabase Auth can read members to build tokens" on public.members
  for select to supabase_auth_admin using (true);

-- Admins add facilitators (including authPending ones before they have an account).
create policy "Admins can add facilitators" on public.facilitators
  for insert to authenticated with check ((select app.is_admin()));

-- Admins edit facilitators.
create policy "Admins can change facilitators" on public.facilitators
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

-- A person sees their own sign-ins.
create policy "Members can read their own sign-ins" on public.login_history
  for select to authenticated using (member_id = (select auth.uid()));

-- Admins see everyone's sign-ins from the members screen.
create policy "Admins can read every sign-in" on public.login_history
  for select to authenticated using ((select app.is_admin()));

-- Every member who is not blocked needs the page size.
create policy "Members who are not blocked can read the shared settings" on public.app_settings
  for select to authenticated using ((select app.role()) is not null);

-- Admins set the page size.
create policy "Admins can change the shared settings" on public.app_settings
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

-- Admins read the error log.
create policy "Admins can read system errors" on public.system_errors
  for select to authenticated using ((select app.is_admin()));

-- Admins dismiss errors they have handled.
create policy "Admins can dismiss system errors" on public.system_errors
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

-- Admins read the warning log.
create policy "Admins can read system warnings" on public.system_warnings
  for select to authenticated using ((select app.is_admin()));

-- Admins dismiss warnings they have handled.
create policy "Admins can dismiss system warnings" on public.system_warnings
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));

create or replace function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  claims jsonb := coalesce(event -> 'claims', '{}'::jsonb);
  m_row public.members%rowtype;
  active boolean;
begin
  select * into m_row from public.members m where m.id = (event ->> 'user_id')::uuid;
  active := m_row.id is not null and m_row.status = 'verified';
  claims := claims || jsonb_build_object(
    'app_role', m_row.role,
    'app_status', m_row.status,
    'is_system_admin', active and m_row.role = 'admin',
    'is_facilitator_admin', active and m_row.role = 'facilitator' and m_row.extra is not distinct from 'admin',
    'is_profile_admin', active and m_row.is_profile_admin,
    'is_parent_facilitator', active and m_row.role = 'guardian' and m_row.extra is not distinct from 'pf',
    'member_id', m_row.id,
    'family_token', m_row.family_token,
    'facilitator_id', m_row.facilitator_id
  );
  return jsonb_build_object('claims', claims);
end
$$;

grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;

revoke execute on function public.custom_access_token_hook(jsonb) from authenticated, anon, public;

-- Only Supabase Auth may run the hook (Supabase's documented grants).
grant usage on schema public to supabase_auth_admin;

grant select on public.members to supabase_auth_admin;

-- The published app version, for everyone including visitors who are not signed in.
create or replace function public.get_website_data() returns public.website_data
language sql stable security definer set search_path = ''
as $$ select w.* from public.website_data w where w.id = 'website' $$;

grant execute on function public.get_website_data() to anon, authenticated, service_role;

-- The caller's own member record; RLS decides, so a caller without one gets an empty list.
create or replace function public.my_member() returns setof public.members
language sql stable security invoker set search_path = ''
as $$ select m.* from public.members m where m.id = (select auth.uid()) $$;

grant execute on function public.my_member() to authenticated, service_role;

-- The members screen: filtered by role and status, sorted by name, paged by the shared page size
-- unless a size is given. RLS decides whose rows come back (admins: everyone, others: themselves).
create or replace function public.list_members(
  role_filter text default null,
  status_filter text default null,
  page_size integer default null,
  page_offset integer default 0
) returns setof public.members
language sql stable security invoker set search_path = ''
as $$
  select m.*
    from public.members m
   where (role_filter is null or m.role = role_filter)
     and (status_filter is null or m.status = status_filter)
   order by m.name, m.email
   limit least(greatest(coalesce(page_size,
           (select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15), 1), 100)
  offset greatest(coalesce(page_offset, 0), 0)
$$;

grant execute on function public.list_members(text, text, integer, integer) to authenticated, service_role;

-- record_sign_in (unchanged otherwise): the version is checked first.
create or replace function public.record_sign_in(app_version text default null)
returns public.members
language plpgsql volatile security definer set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  me public.members%rowtype;
begin
  perform app.check_app_version(record_sign_in.app_version);
  select * into me from public.members m where m.id = auth.uid() for update;
  if me.id is null then
    raise exception 'This email is not registered with us.' using errcode = 'P0001';
  end if;
  if me.status = 'blocked' then
    raise exception 'Your account has been temporarily disabled.' using errcode = '42501';
  end if;
  update public.members m
     set signin_count = m.signin_count + 1,
         last_activity = now(),
         app_version = coalesce(nullif(record_sign_in.app_version, ''), m.app_version)
   where m.id = me.id
  returning * into me;
  insert into public.login_history (member_id, app_version, user_agent, ip)
  values (
    me.id,
    record_sign_in.app_version,
    left(headers ->> 'user-agent', 500),
    coalesce(nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''), headers ->> 'x-real-ip')
  );
  return me;
end
$$;

grant execute on function public.record_sign_in(text) to authenticated, service_role;

revoke delete on public.facilitators from anon, authenticated;

revoke truncate, references, trigger on public.facilitators from authenticated;

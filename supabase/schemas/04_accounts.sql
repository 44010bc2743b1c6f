-- Accounts: the family contacts the centre knows (connect account by WhatsApp number), sign-ins of
-- people who have no member record yet, the functions the `accounts` edge function calls, and the
-- per-key request limits (`throttle`).

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- Each guardian's and student's contact details as the centre holds them (from admissions and
-- the family profile). Connect-account finds a person by the WhatsApp number here, and the
-- account it creates takes the e-mail, family and member type of the row: knowing a number
-- never lets anyone choose which family they join. whatsapp is prefix plus mobile, digits only
-- (core.md §5, E07); member_id is set once the person has an account.
create table if not exists public.family_contacts (
  id text primary key default gen_random_uuid()::text check (length(id) between 1 and 100),
  family_token text not null check (length(family_token) between 1 and 100),
  member_type text not null check (member_type in ('guardian', 'student')),
  name text not null default '' check (length(name) <= 200),
  email text check (email = lower(email) and length(email) <= 320),
  prefix text not null default '+91' check (prefix ~ '^\+[0-9]{1,4}$'),
  whatsapp text not null check (whatsapp ~ '^[0-9]{6,15}$'),
  member_id uuid references public.members (id) on delete set null,
  connected_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.family_contacts enable row level security;

create index if not exists family_contacts_whatsapp_idx on public.family_contacts (whatsapp);

create index if not exists family_contacts_family_idx on public.family_contacts (family_token);

create index if not exists family_contacts_member_idx on public.family_contacts (member_id);

-- Sign-ins by accounts that are not members (core.md §4 step 5, C20): one row per address with
-- how often and when, so the admin sees who tried without the log growing with every attempt.
create table if not exists public.unregistered_signins (
  email text primary key check (email = lower(email) and length(email) <= 320),
  name text check (length(name) <= 200),
  photo_url text check (length(photo_url) <= 2000),
  user_id uuid references auth.users (id) on delete set null,
  attempts integer not null default 1 check (attempts >= 1),
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now()
);

alter table public.unregistered_signins enable row level security;

create index if not exists unregistered_signins_last_at_idx on public.unregistered_signins (last_at desc);

revoke all on public.family_contacts, public.unregistered_signins from anon, authenticated;

grant select, insert, update, delete on public.family_contacts to authenticated;

grant select on public.unregistered_signins to authenticated;

grant all on public.family_contacts, public.unregistered_signins to service_role;

-- Keeps updated_at truthful whoever changes a contact.
create or replace function app.touch_family_contact() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger family_contacts_touch before update on public.family_contacts
  for each row execute function app.touch_family_contact();

-- The office keeps the contact list (admissions and family profiles feed it).
create policy "Staff can read family contacts" on public.family_contacts
  for select to authenticated using ((select app.is_staff()));

-- The office adds contacts for new families.
create policy "Staff can add family contacts" on public.family_contacts
  for insert to authenticated with check ((select app.is_staff()));

-- The office corrects numbers and e-mails.
create policy "Staff can change family contacts" on public.family_contacts
  for update to authenticated using ((select app.is_staff())) with check ((select app.is_staff()));

-- The office removes contacts that are no longer with the centre.
create policy "Staff can remove family contacts" on public.family_contacts
  for delete to authenticated using ((select app.is_staff()));

-- Guardians and students see their own family's contacts (who else can connect).
create policy "Family members can read their family's contacts" on public.family_contacts
  for select to authenticated using (family_token = (select app.family_token()));

-- Admins see who tried to sign in without being a member, to add them or to ignore them.
create policy "Admins can read unregistered sign-ins" on public.unregistered_signins
  for select to authenticated using ((select app.is_admin()));

-- The auth account of an address, if any: whether it is confirmed decides between creating an
-- account and refusing (one account per address, never two).
create or replace function public.accounts_auth_user(email text)
returns table (id uuid, confirmed boolean)
language sql stable security definer set search_path = ''
as $$
  select u.id, u.email_confirmed_at is not null
    from auth.users u
   where lower(u.email) = lower(accounts_auth_user.email) and u.deleted_at is null
   order by u.created_at
   limit 1
$$;

revoke execute on function public.accounts_auth_user(text) from public, anon, authenticated;

grant execute on function public.accounts_auth_user(text) to service_role;

-- initSignin (core.md §7): how the sign-in screen goes on for an address. A facilitator the
-- centre added (authPending) whose account is not set up, or set up but never confirmed, signs
-- up; everyone else signs in, so the answer says nothing about whether other addresses have an
-- account. facilitator_auth_old is the account the record pointed to when asked, which
-- registration checks to be sure nobody set the record up in between.
create or replace function public.accounts_signin_mode(email text)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  f public.facilitators%rowtype;
  found integer;
  account_confirmed boolean;
begin
  select count(*) into found
    from public.facilitators x
   where x.email = lower(accounts_signin_mode.email) and x.status = 'authPending';
  if found = 1 then
    select * into f from public.facilitators x
     where x.email = lower(accounts_signin_mode.email) and x.status = 'authPending';
  elsif found = 0 then
    -- A facilitator who registered but never opened the confirmation link may register again.
    select x.* into f
      from public.facilitators x join auth.users u on u.id = x.auth_uid
     where x.email = lower(accounts_signin_mode.email) and u.email_confirmed_at is null
     limit 1;
  end if;
  if f.id is null then
    return jsonb_build_object('mode', 'signin', 'facilitatorUUID', null,
      'facilitatorAuthOld', null, 'facilitatorName', null, 'ambiguous', found > 1);
  end if;
  select a.confirmed into account_confirmed
    from public.accounts_auth_user(accounts_signin_mode.email) a;
  -- Someone who already has a confirmed account with this address just signs in; linking it to
  -- the facilitator record is the admin's call.
  if coalesce(account_confirmed, false) then
    return jsonb_build_object('mode', 'signin', 'facilitatorUUID', null,
      'facilitatorAuthOld', null, 'facilitatorName', null, 'ambiguous', false);
  end if;
  return jsonb_build_object('mode', 'facilitator_signup', 'facilitatorUUID', f.id,
    'facilitatorAuthOld', f.auth_uid, 'facilitatorName', f.name, 'ambiguous', false);
end
$$;

revoke execute on function public.accounts_signin_mode(text) from public, anon, authenticated;

grant execute on function public.accounts_signin_mode(text) to service_role;

-- registerFacilitator: links an account to a facilitator record and makes its member record a
-- facilitator, in one transaction. The record must still be the one initSignin described
-- (same e-mail, still pending or linked to this very account, same previous account). A
-- previous account of the record (the facilitator's old address) stops being a facilitator.
create or replace function public.accounts_link_facilitator(
  user_id uuid, facilitator_id text, auth_old uuid, email text, name text, whatsapp text,
  app_version text
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  f public.facilitators%rowtype;
begin
  select * into f from public.facilitators x
   where x.id = accounts_link_facilitator.facilitator_id for update;
  if f.id is null or f.email is distinct from lower(accounts_link_facilitator.email) then
    return 'not_found';
  end if;
  if f.auth_uid is not distinct from accounts_link_facilitator.user_id and f.status = 'active' then
    return 'linked';
  end if;
  if f.auth_uid is distinct from accounts_link_facilitator.auth_old then
    return 'changed';
  end if;
  if f.auth_uid is not null and f.auth_uid <> accounts_link_facilitator.user_id then
    update public.members m
       set role = case when m.role = 'facilitator' then 'member' else m.role end,
           is_facilitator = false, facilitator_id = null
     where m.id = f.auth_uid and m.facilitator_id = f.id;
  end if;
  update public.facilitators x
     set auth_uid = accounts_link_facilitator.user_id, status = 'active'
   where x.id = f.id;
  insert into public.members as m (id, email, name, role, is_facilitator, facilitator_id, whatsapp, app_version)
  values (accounts_link_facilitator.user_id, lower(accounts_link_facilitator.email),
          accounts_link_facilitator.name, 'facilitator', true, f.id,
          accounts_link_facilitator.whatsapp, coalesce(nullif(accounts_link_facilitator.app_version, ''), '1.0.0'))
  on conflict (id) do update
     set name = excluded.name,
         role = case when m.role in ('member', 'facilitator') then 'facilitator' else m.role end,
         is_facilitator = true, facilitator_id = excluded.facilitator_id,
         whatsapp = excluded.whatsapp, app_version = excluded.app_version;
  return 'linked';
end
$$;

revoke execute on function public.accounts_link_facilitator(uuid, text, uuid, text, text, text, text) from public, anon, authenticated;

grant execute on function public.accounts_link_facilitator(uuid, text, uuid, text, text, text, text) to service_role;

-- initConnectAccount: the contacts with this WhatsApp number that have no account yet, and the
-- connected ones (so the answer can say the number is already connected).
create or replace function public.accounts_contacts_by_whatsapp(whatsapp text)
returns setof public.family_contacts
language sql stable security definer set search_path = ''
as $$
  select c.* from public.family_contacts c
   where c.whatsapp = accounts_contacts_by_whatsapp.whatsapp
   order by c.member_id nulls first, c.created_at
   limit 10
$$;

revoke execute on function public.accounts_contacts_by_whatsapp(text) from public, anon, authenticated;

grant execute on function public.accounts_contacts_by_whatsapp(text) to service_role;

-- registerMember: the member record of the new account (guardian or student of the contact's
-- family) and the contact marked as connected, together. Repeating it changes nothing; a
-- member who already has another role keeps it.
create or replace function public.accounts_connect_member(user_id uuid, contact_id text, app_version text)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  c public.family_contacts%rowtype;
begin
  select * into c from public.family_contacts x where x.id = accounts_connect_member.contact_id for update;
  if c.id is null then
    return 'not_found';
  end if;
  if c.member_id is not null and c.member_id <> accounts_connect_member.user_id then
    return 'taken';
  end if;
  insert into public.members as m (id, email, name, role, family_token, whatsapp, app_version)
  values (accounts_connect_member.user_id, c.email, c.name, c.member_type, c.family_token, c.whatsapp,
          coalesce(nullif(accounts_connect_member.app_version, ''), '1.0.0'))
  on conflict (id) do update
     set role = case when m.role = 'member' then excluded.role else m.role end,
         family_token = coalesce(m.family_token, excluded.family_token),
         whatsapp = coalesce(m.whatsapp, excluded.whatsapp),
         name = case when m.name = '' then excluded.name else m.name end;
  update public.family_contacts x
     set member_id = accounts_connect_member.user_id, connected_at = coalesce(x.connected_at, now())
   where x.id = c.id;
  return 'connected';
end
$$;

revoke execute on function public.accounts_connect_member(uuid, text, text) from public, anon, authenticated;

grant execute on function public.accounts_connect_member(uuid, text, text) to service_role;

-- Account e-mails (confirmation and reset links) go through the outbox like every e-mail, as
-- 'Members' mail, so they have the same retries and visible status.
create or replace function public.accounts_queue_email(
  sender text, recipient text, subject text, html_body text, email_trigger text,
  triggered_by uuid default null
) returns text
language sql volatile security definer set search_path = ''
as $$
  insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger, triggered_by)
  values (accounts_queue_email.sender, array[lower(accounts_queue_email.recipient)], accounts_queue_email.subject,
          accounts_queue_email.html_body, 'Members', accounts_queue_email.email_trigger,
          accounts_queue_email.triggered_by)
  returning id
$$;

revoke execute on function public.accounts_queue_email(text, text, text, text, text, uuid) from public, anon, authenticated;

grant execute on function public.accounts_queue_email(text, text, text, text, text, uuid) to service_role;

-- logUnregisterdSignin: one row per address, counting the attempts; members are not logged
-- (their sign-ins are in login_history).
create or replace function public.accounts_log_unregistered_signin(
  email text, name text, photo_url text, user_id uuid
) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into public.unregistered_signins as s (email, name, photo_url, user_id)
  select lower(accounts_log_unregistered_signin.email), accounts_log_unregistered_signin.name,
         accounts_log_unregistered_signin.photo_url, accounts_log_unregistered_signin.user_id
   where not exists (
     select 1 from public.members m where m.id = accounts_log_unregistered_signin.user_id)
  on conflict (email) do update
     set attempts = s.attempts + 1, last_at = now(),
         name = coalesce(excluded.name, s.name),
         photo_url = coalesce(excluded.photo_url, s.photo_url),
         user_id = coalesce(excluded.user_id, s.user_id)
$$;

revoke execute on function public.accounts_log_unregistered_signin(text, text, text, uuid) from public, anon, authenticated;

grant execute on function public.accounts_log_unregistered_signin(text, text, text, uuid) to service_role;

-- record_activity (unchanged otherwise): the version is checked first.
create or replace function public.record_activity(app_version text default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform app.check_app_version(record_activity.app_version);
  update public.members m
     set last_activity = now(),
         app_version = coalesce(nullif(record_activity.app_version, ''), m.app_version)
   where m.id = auth.uid() and m.status = 'verified';
end
$$;

grant execute on function public.record_activity(text) to authenticated, service_role;

-- The admin's list of unregistered sign-ins, newest first, paged by the shared page size; RLS
-- decides (admins only), so anyone else gets an empty list.
create or replace function public.list_unregistered_signins(page_size integer default null, page_offset integer default 0)
returns setof public.unregistered_signins
language sql stable security invoker set search_path = ''
as $$
  select s.* from public.unregistered_signins s
   order by s.last_at desc
   limit least(greatest(coalesce(page_size,
           (select x.pagination_limit from public.app_settings x where x.id = 'shared'), 15), 1), 100)
  offset greatest(coalesce(page_offset, 0), 0)
$$;

grant execute on function public.list_unregistered_signins(integer, integer) to authenticated, service_role;

-- Hits per bucket (an action and what is counted: 'initConnectAccount:ip', ...) and key (a hash
-- of the address, e-mail or number, so the table holds no personal data), in fixed windows.
-- Edge functions run as many instances on Supabase, so the count lives where they all see it.
create table if not exists app.rate_limits (
  bucket text not null check (length(bucket) between 1 and 100),
  key text not null check (key ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  hits integer not null check (hits >= 1),
  primary key (bucket, key)
);

alter table app.rate_limits enable row level security;

revoke all on app.rate_limits from public, anon, authenticated;

grant all on app.rate_limits to service_role;

-- Counts one attempt and answers how many seconds the caller must wait: 0 when the attempt is
-- within the limit. Service role only (the edge functions); old windows are cleared now and then.
create or replace function public.throttle(bucket text, key text, max_hits integer, window_seconds integer)
returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  r app.rate_limits;
  hashed text := encode(extensions.digest(coalesce(throttle.key, ''), 'sha256'), 'hex');
begin
  if throttle.bucket is null or length(throttle.bucket) not between 1 and 100 then
    raise exception 'A limit needs a bucket of 1 to 100 characters' using errcode = '22023';
  end if;
  if coalesce(throttle.max_hits, 0) < 1 or coalesce(throttle.window_seconds, 0) < 1 then
    raise exception 'A limit needs at least one hit in a window of at least one second'
      using errcode = '22023';
  end if;
  insert into app.rate_limits as l (bucket, key, window_start, hits)
  values (throttle.bucket, hashed, now(), 1)
  on conflict on constraint rate_limits_pkey do update
     set window_start = case when l.window_start <= now() - make_interval(secs => throttle.window_seconds)
                             then now() else l.window_start end,
         hits = case when l.window_start <= now() - make_interval(secs => throttle.window_seconds)
                     then 1 else l.hits + 1 end
  returning * into r;
  if random() < 0.01 then
    delete from app.rate_limits x where x.window_start < now() - interval '1 day';
  end if;
  if r.hits <= throttle.max_hits then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from
    (r.window_start + make_interval(secs => throttle.window_seconds) - clock_timestamp())))::integer);
end
$$;

revoke execute on function public.throttle(text, text, integer, integer) from public, anon, authenticated;

grant execute on function public.throttle(text, text, integer, integer) to service_role;

-- Private channels are for members: a blocked member or an account without a member record
-- cannot join one (Realtime checks this policy when a channel is joined).
create policy "Members who are not blocked can receive private broadcasts" on realtime.messages
  for select to authenticated using ((select app.role()) is not null);

revoke truncate, references, trigger on public.family_contacts from authenticated;

-- An app version as the app sends it ('1.0.54'): anything else (a long text, an object sent as
-- text) would be stored on the member's record, so it is refused with the reason.
create or replace function app.check_app_version(app_version text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if app_version is not null and app_version !~ '^[0-9A-Za-z.+-]{0,40}$' then
    raise exception 'An app version is up to 40 letters, digits, dots, plus or minus signs, such as 1.0.54'
      using errcode = '22023';
  end if;
end
$$;

revoke execute on function app.check_app_version(text) from public;

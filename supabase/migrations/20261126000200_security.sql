-- Security (issue 10): what the database does so that guessing is limited, refusals are clear
-- and nobody but the database speaks on the sync channel. Runs unchanged on Supabase and on the
-- local host.

-- ---------------------------------------------------------------------------------------------
-- Rate limits for the public edge functions
-- ---------------------------------------------------------------------------------------------

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

-- registerMember now finds the contact by its WhatsApp number alone (the lookup no longer gives
-- out the record, family or e-mail it would need), so the old match on every detail goes.
drop function if exists public.accounts_contact(text, text, text, text, text);

-- ---------------------------------------------------------------------------------------------
-- "No such member / e-mail" is the caller's mistake, not the server's
-- ---------------------------------------------------------------------------------------------
-- PostgREST answers SQLSTATE P0002 with HTTP 500; PT404 is its way to say 404. The functions are
-- unchanged otherwise.

create or replace function public.admin_set_member_status(member uuid, new_status text)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  changed public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can block or unblock members' using errcode = '42501';
  end if;
  if new_status not in ('verified', 'blocked') then
    raise exception 'A member is verified or blocked, not %', new_status using errcode = '22023';
  end if;
  if member = auth.uid() then
    raise exception 'You cannot block yourself' using errcode = 'P0001';
  end if;
  update public.members m set status = new_status where m.id = member returning * into changed;
  if changed.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object('type', 'success', 'message', 'member status updated', 'status', changed.status);
end;
$$;

create or replace function public.admin_dismiss_log(kind text, entry uuid default null)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can dismiss log entries' using errcode = '42501';
  end if;
  if kind = 'error' then
    update public.system_errors e set dismissed_at = now()
     where e.dismissed_at is null and (entry is null or e.id = entry);
  elsif kind = 'warning' then
    update public.system_warnings w set dismissed_at = now()
     where w.dismissed_at is null and (entry is null or w.id = entry);
  else
    raise exception 'A log entry is an error or a warning, not %', kind using errcode = '22023';
  end if;
  get diagnostics n = row_count;
  if entry is not null and n = 0 then
    raise exception 'That entry does not exist or is already dismissed' using errcode = 'PT404';
  end if;
  return jsonb_build_object('type', 'success', 'dismissed', n,
    'message', case when n = 1 then '1 entry dismissed' else n || ' entries dismissed' end);
end;
$$;

create or replace function public.admin_set_facilitator(member uuid, make boolean) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  m public.members;
  fid text;
begin
  if not app.is_admin() then
    raise exception 'Only admins can add or remove facilitators' using errcode = '42501';
  end if;
  select * into m from public.members x where x.id = admin_set_facilitator.member for update;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  if make then
    if m.role not in ('member', 'guardian', 'facilitator') then
      raise exception 'Only members without a role and guardians can be made facilitators.'
        using errcode = 'P0001';
    end if;
    select f.id into fid from public.facilitators f where f.auth_uid = m.id and not f._deleted;
    if fid is null then
      select f.id into fid from public.facilitators f
       where f.email = m.email and f.auth_uid is null and not f._deleted;
    end if;
    if fid is null then
      insert into public.facilitators (id, name, email, status, auth_uid)
      values (gen_random_uuid()::text, coalesce(nullif(m.name, ''), m.email), m.email, 'active', m.id)
      returning id into fid;
    else
      update public.facilitators f set status = 'active', auth_uid = m.id where f.id = fid;
    end if;
    update public.members x
       set is_facilitator = true,
           facilitator_id = fid,
           role = case when x.role = 'member' then 'facilitator' else x.role end,
           extra = case when x.role = 'guardian' then 'pf' else x.extra end
     where x.id = m.id;
  else
    update public.members x
       set is_facilitator = false,
           facilitator_id = null,
           role = case when x.role = 'facilitator' then 'member' else x.role end,
           extra = case when x.extra in ('pf', 'admin') then null else x.extra end
     where x.id = m.id;
  end if;
  return jsonb_build_object('type', 'success', 'message', 'Facilitator list updated',
                            'facilitatorId', fid);
end;
$$;

create or replace function public.admin_delete_member(member uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can delete members' using errcode = '42501';
  end if;
  if admin_delete_member.member = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = 'P0001';
  end if;
  select * into m from public.members x where x.id = admin_delete_member.member;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  update public.facilitators f set status = 'authPending', auth_uid = null where f.auth_uid = m.id;
  update public.family_contacts c set member_id = null, connected_at = null where c.member_id = m.id;
  delete from auth.users u where u.id = m.id;
  return jsonb_build_object('type', 'success', 'message', 'Member deleted');
end;
$$;

create or replace function public.admin_email_body(email text) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  found jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the e-mail log' using errcode = '42501';
  end if;
  select jsonb_build_object(
           'html', regexp_replace(o.html_body,
                                  '([?&](amp;)?(oobCode|confirm|token|token_hash|code)=)[^"''&<\s]+',
                                  '\1(hidden)', 'g'),
           'attachments', coalesce((select jsonb_agg(case when jsonb_typeof(a) = 'string'
                                                           then a #>> '{}'
                                                           else coalesce(a ->> 'filename', a ->> 'path', 'attachment') end)
                                      from jsonb_array_elements(o.attachments) a), '[]'::jsonb))
    into found
    from public.email_outbox o where o.id = admin_email_body.email;
  if found is null then
    raise exception 'No such e-mail' using errcode = 'PT404';
  end if;
  return found;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Realtime: who may listen on private channels, and that nobody but the database may send
-- ---------------------------------------------------------------------------------------------

-- Private channels are for members: a blocked member or an account without a member record
-- cannot join one (Realtime checks this policy when a channel is joined).
drop policy if exists "Members who are not blocked can receive private broadcasts" on realtime.messages;
create policy "Members who are not blocked can receive private broadcasts" on realtime.messages
  for select to authenticated using ((select app.role()) is not null);
-- No insert policy: people cannot broadcast on private channels; the database sends with
-- realtime.send() from security definer code.

-- ---------------------------------------------------------------------------------------------
-- Replicated tables are deleted softly, through sync
-- ---------------------------------------------------------------------------------------------
-- A hard delete would vanish from devices that already pulled the row; sync_push marks rows
-- _deleted instead, so nobody needs DELETE on these tables.
revoke delete on public.reference, public.topics, public.facilitators, public.timetables,
  public.lesson_items from anon, authenticated;

-- Visitors never touch these tables (the app reads them through sync as a member), and nobody
-- needs to empty them or hang triggers or references on them: those privileges come from the
-- platform's defaults, not from a need. TRUNCATE would even skip row-level security.
revoke all on public.reference, public.topics, public.timetables, public.lesson_items from anon;
revoke truncate, references, trigger on public.reference, public.topics, public.facilitators,
  public.timetables, public.lesson_items, public.family_contacts from authenticated;

-- ---------------------------------------------------------------------------------------------
-- What the app reports about itself is checked before it is stored
-- ---------------------------------------------------------------------------------------------

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

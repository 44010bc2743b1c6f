-- E-mail: the outbox every message waits in until the dispatcher has sent it (exactly once, with a
-- status per address), what wakes the dispatcher (NOTIFY locally, pg_net and pg_cron on Supabase),
-- the admin's mail log, the centre's sender accounts and who may send, webmail, and the e-mail
-- templates the office edits.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create table if not exists public.email_outbox (
  id text primary key default gen_random_uuid()::text check (length(id) between 1 and 64),
  sender text check (length(sender) <= 320),
  recipients text[] not null
    check (cardinality(recipients) between 1 and 100 and array_position(recipients, null) is null),
  cc text[] not null default '{}' check (cardinality(cc) <= 100 and array_position(cc, null) is null),
  subject text not null check (length(subject) between 1 and 998),
  html_body text not null,
  attachments jsonb not null default '[]' check (jsonb_typeof(attachments) = 'array'),
  email_type text check (email_type in (
    'Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt', 'Webmail', 'Members',
    'Contribution Receipt', 'Payment Reminder'
  )),
  email_trigger text,
  triggered_by uuid references auth.users (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text,
  message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  -- What the server answered for each address of the message (recipients and copies), keyed by
  -- the address in lower case: {"status": "sent" | "retrying" | "refused", "code", "reason", "at"}.
  -- An address missing from it has not been answered yet. Written by the dispatcher only.
  deliveries jsonb not null default '{}'::jsonb check (jsonb_typeof(deliveries) = 'object'),
  -- What the dispatcher writes the message from just before it sends it, when the subject and
  -- body are not the message yet: {"receipt": payment id} for a receipt, written from the centre's
  -- template and the payment. Cleared once the message is written (outbox_compose).
  compose jsonb check (compose is null or jsonb_typeof(compose) = 'object')
);

alter table public.email_outbox enable row level security;

create index if not exists email_outbox_due_idx on public.email_outbox (next_attempt_at) where status = 'queued';

create index if not exists email_outbox_lease_idx on public.email_outbox (lease_until) where status = 'sending';

create index if not exists email_outbox_triggered_by_idx on public.email_outbox (triggered_by);

-- Nobody writes the outbox directly: mail is queued only by the functions that check it (webmail,
-- a payment's receipt, an admission step, the account e-mails), so no request can skip the sending
-- switch, the sender rule or the limits, or attach a stored file. What the log lists is readable;
-- a message's body and attachments are not, since an account e-mail's body holds a one-time link
-- that only its addressee may use (admins read bodies through admin_email_body, links hidden).
revoke all on public.email_outbox from anon, authenticated;

grant select (id, sender, recipients, cc, subject, email_type, email_trigger, triggered_by, status,
              attempts, next_attempt_at, lease_until, last_error, message_id, sent_at, created_at,
              deliveries)
  on public.email_outbox to authenticated;

grant all on public.email_outbox to service_role;

-- Staff follow the messages they queued (queued, sent, failed and why).
create policy "Staff can read the e-mails they queued"
  on public.email_outbox for select to authenticated
  using ((select app.is_staff()) and triggered_by = (select auth.uid()));

-- Admins see every message, for the mail log.
create policy "Admins can read every e-mail"
  on public.email_outbox for select to authenticated
  using ((select app.is_admin()));

-- Wakes the dispatcher (the local host LISTENs; on Supabase a database webhook calls `outbox`)
-- when a message is queued, and when an admin puts a failed one back in the queue.
create or replace function app.notify_email_outbox() returns trigger
language plpgsql set search_path = ''
as $$
begin
  perform pg_notify('email_outbox', new.id);
  return null;
end;
$$;

create trigger email_outbox_queued
  after insert on public.email_outbox
  for each row execute function app.notify_email_outbox();

create trigger email_outbox_requeued
  after update of status on public.email_outbox
  for each row when (old.status = 'failed' and new.status = 'queued')
  execute function app.notify_email_outbox();

-- Hands the dispatcher up to `batch` messages that are due, each leased for `lease_seconds` so a
-- dispatcher that dies lets another take the message again. A message whose dispatcher died on
-- its last allowed attempt after some addresses took it ends `sent` rather than `failed`, its
-- deferred addresses given up.
create or replace function public.outbox_claim(batch integer default 10, lease_seconds integer default 300)
returns setof public.email_outbox
language plpgsql security definer set search_path = ''
as $$
begin
  update public.email_outbox o
     set status = case when exists (select 1 from jsonb_each(o.deliveries) e
                                     where e.value ->> 'status' = 'sent')
                       then 'sent' else 'failed' end,
         deliveries = (select coalesce(jsonb_object_agg(e.key, case when e.value ->> 'status' = 'retrying'
                          then e.value || jsonb_build_object('status', 'refused',
                                 'reason', (e.value ->> 'reason') || ' (gave up after ' || o.attempts || ' attempts)')
                          else e.value end), '{}'::jsonb)
                         from jsonb_each(o.deliveries) e),
         lease_until = null,
         last_error = concat_ws(' / ', o.last_error,
           'The dispatcher stopped while sending; gave up after ' || o.attempts || ' attempts')
   where o.status = 'sending' and o.lease_until < now() and o.attempts >= 6;

  return query
  update public.email_outbox o
     set status = 'sending',
         attempts = o.attempts + 1,
         lease_until = now() + make_interval(secs => greatest(lease_seconds, 1))
   where o.id in (
     select d.id from public.email_outbox d
      where (d.status = 'queued' and d.next_attempt_at <= now())
         or (d.status = 'sending' and d.lease_until < now())
      order by d.next_attempt_at, d.created_at
      limit greatest(least(batch, 100), 1)
      for update skip locked)
  returning o.*;
end;
$$;

revoke execute on function public.outbox_claim(integer, integer) from public, anon, authenticated;

grant execute on function public.outbox_claim(integer, integer) to service_role;

-- The SMTP server accepted the message. The row keeps the errors of earlier attempts, so the
-- admins see that it went out only after they had passed.
create or replace function public.outbox_mark_sent(id text, message_id text)
returns boolean
language sql security definer set search_path = ''
as $$
  with done as (
    update public.email_outbox o
       set status = 'sent', sent_at = now(), message_id = outbox_mark_sent.message_id,
           lease_until = null
     where o.id = outbox_mark_sent.id and o.status <> 'sent'
    returning 1)
  select count(*) > 0 from done
$$;

revoke execute on function public.outbox_mark_sent(text, text) from public, anon, authenticated;

grant execute on function public.outbox_mark_sent(text, text) to service_role;

-- The send failed. With `retry` the message waits 30 s, 2 min, 8 min, 32 min, ~2 h after
-- attempts 1 to 5 and fails for good after the 6th; without it (the server refused the message
-- for good) it fails at once. The reason is kept either way. Returns the new status.
create or replace function public.outbox_mark_failed(id text, error text, retry boolean default true)
returns text
language sql security definer set search_path = ''
as $$
  with done as (
    update public.email_outbox o
       set status = case when outbox_mark_failed.retry and o.attempts < 6 then 'queued' else 'failed' end,
           next_attempt_at = case when outbox_mark_failed.retry and o.attempts < 6
             then now() + make_interval(secs => 30 * power(4, greatest(o.attempts, 1) - 1))
             else o.next_attempt_at end,
           lease_until = null,
           last_error = left(coalesce(outbox_mark_failed.error, 'unknown error'), 2000)
     where o.id = outbox_mark_failed.id and o.status = 'sending'
    returning o.status)
  select status from done
$$;

revoke execute on function public.outbox_mark_failed(text, text, boolean) from public, anon, authenticated;

grant execute on function public.outbox_mark_failed(text, text, boolean) to service_role;

-- The dispatcher wrote a message that waited to be written (`compose`, a receipt): its subject and
-- body become the row's, so the log shows it as it goes out and a retry sends the same text.
-- Only a message being sent, and only once. Returns whether the row took it.
create or replace function public.outbox_compose(id text, subject text, html_body text)
returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  n integer;
begin
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'A subject is one line of 1 to 998 characters' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html_body, ''))) = 0 then
    raise exception 'A message needs its body' using errcode = '22023';
  end if;
  update public.email_outbox o
     set subject = outbox_compose.subject, html_body = outbox_compose.html_body, compose = null
   where o.id = outbox_compose.id and o.status = 'sending' and o.compose is not null;
  get diagnostics n = row_count;
  return n > 0;
end;
$$;

revoke execute on function public.outbox_compose(text, text, text) from public, anon, authenticated;

grant execute on function public.outbox_compose(text, text, text) to service_role;

-- Whether the e-mail dispatcher has a mail server (SMTP_URL) where it runs, as it last said: the
-- local host at its start, the `outbox` function whenever it is woken. Without one, e-mail only
-- queues, and the admins' Node Mailer pane and counts say so plainly (issue 40). One row.
create table if not exists app.mail_transport (
  id boolean primary key default true check (id),
  configured boolean not null,
  noted_at timestamptz not null default now()
);

alter table app.mail_transport enable row level security;

revoke all on app.mail_transport from public, anon, authenticated;

-- The dispatcher says whether it has a mail server. Server code only.
create or replace function public.outbox_note_transport(configured boolean) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into app.mail_transport as t (id, configured, noted_at)
  values (true, coalesce(outbox_note_transport.configured, false), now())
  on conflict (id) do update set configured = excluded.configured, noted_at = excluded.noted_at;
$$;

revoke execute on function public.outbox_note_transport(boolean) from public, anon, authenticated;

grant execute on function public.outbox_note_transport(boolean) to service_role;

-- One page of e-mails for the Node Mailer pane, now with when a queued one is tried next, what
-- the server answered for each address, the open mail server problem (the reason queued e-mails
-- are not leaving), if any, and the mail that waits untried (`stalled`: how many, since when, and
-- how the dispatcher is woken), which no mail server problem reports when the dispatcher never runs,
-- and whether a mail server is set up where the mail is sent from (`mailServer`: false when the
-- dispatcher last said it has none, null before it has said).
-- It runs as its owner (admins only, checked first): `authenticated` may not read the bodies and
-- attachments it counts.
create or replace function public.admin_list_emails(
  email_type text default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := app.page_size();
  total bigint;
  rows jsonb;
  trouble text;
  waiting bigint;
  waiting_since timestamptz;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the e-mail log' using errcode = '42501';
  end if;
  if admin_list_emails.email_type is not null and admin_list_emails.email_type not in (
    'Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt', 'Webmail', 'Members',
    'Contribution Receipt', 'Payment Reminder') then
    raise exception 'Unknown e-mail type: %', admin_list_emails.email_type using errcode = '22023';
  end if;
  with chosen as (
    select o.* from public.email_outbox o
     where admin_list_emails.email_type is null or o.email_type = admin_list_emails.email_type
  )
  select (select count(*) from chosen),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select c.id, c.recipients, c.cc, c.subject, c.email_type, c.email_trigger, c.status,
                  c.attempts, c.last_error, c.created_at, c.sent_at, c.next_attempt_at,
                  c.deliveries, jsonb_array_length(c.attachments) as attachment_count
             from chosen c
            order by c.created_at desc, c.id
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  select e.message into trouble
    from public.system_errors e
   where e.source = 'e-mail server' and e.dismissed_at is null
   order by e.logged_at desc limit 1;
  -- Mail due for five minutes that nobody has tried: the dispatcher is not being woken.
  select count(*), min(o.created_at) into waiting, waiting_since
    from public.email_outbox o
   where o.status = 'queued' and o.attempts = 0 and o.next_attempt_at < now() - interval '5 minutes';
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows, 'serverProblem', trouble,
    'mailServer', (select t.configured from app.mail_transport t),
    'stalled', case when waiting > 0 then jsonb_build_object(
                 'count', waiting, 'since', waiting_since, 'wakeUp', app.mail_wakeup()) end);
end;
$$;

grant execute on function public.admin_list_emails(text, integer) to authenticated;

-- Sends a failed e-mail again: it goes back to the queue with a fresh set of attempts, to every
-- address that has not taken it yet (the refusals are forgotten, the deliveries kept, so nobody
-- receives it twice).
create or replace function public.admin_retry_email(email text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can send e-mails again' using errcode = '42501';
  end if;
  update public.email_outbox o
     set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null,
         deliveries = (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                         from jsonb_each(o.deliveries) e where e.value ->> 'status' = 'sent')
   where o.id = admin_retry_email.email and o.status = 'failed';
  get diagnostics n = row_count;
  if n = 0 then
    raise exception 'Only an e-mail that failed can be sent again' using errcode = 'P0001';
  end if;
  return jsonb_build_object('type', 'success', 'message', 'The e-mail is queued to be sent again');
end;
$$;

revoke execute on function public.admin_retry_email(text) from public, anon;

grant execute on function public.admin_retry_email(text) to authenticated;

-- Text with the one-time codes of account e-mails hidden: the value of every link parameter that
-- carries one (a set-up, confirmation, reset, verification, magic or invitation link: setup,
-- confirm, oobCode, token, token_hash, code, otp, access_token, refresh_token) and a 6-digit code
-- shown in bold or after the word "code". Whoever reads it (an admin in Node Mailer or System
-- Errors) cannot use another person's link. A value ends where a URL, an HTML attribute or a JSON
-- string would (quote, ampersand, angle bracket, backslash, #, space), so JSON text stays JSON.
create or replace function app.hide_one_time_codes(body text) returns text
language sql immutable set search_path = ''
as $$
  select regexp_replace(regexp_replace(regexp_replace(body,
    '([?&#](amp;)?(setup|confirm|oobCode|token|token_hash|code|otp|access_token|refresh_token)=)[^"''&<>#\s\\]+',
    '\1(hidden)', 'gi'),
    '(<(strong|b)>\s*)[0-9]{6}(\s*</(strong|b)>)', '\1(hidden)\3', 'gi'),
    '(\mcode\M[^0-9<>"]{0,20})[0-9]{6}\M', '\1(hidden)', 'gi')
$$;

revoke execute on function app.hide_one_time_codes(text) from public, anon;

grant execute on function app.hide_one_time_codes(text) to authenticated, service_role;

-- One e-mail as it went out: the body and the attachments' names, the one-time codes of account
-- e-mails hidden (app.hide_one_time_codes): an admin reading the log must not be able to use
-- another person's link. It runs as its owner (admins only, checked first): `authenticated` may
-- not read bodies.
create or replace function public.admin_email_body(email text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  found jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the e-mail log' using errcode = '42501';
  end if;
  select jsonb_build_object(
           'html', app.hide_one_time_codes(o.html_body),
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

grant execute on function public.admin_email_body(text) to authenticated;

-- pg_net and pg_cron, on a Supabase project only (Vault is there; the local bootstrap has none):
-- the database itself wakes the `outbox` function there. pg_net keeps its functions in the `net`
-- schema whatever schema the extension is placed in.
do $$
begin
  if to_regnamespace('vault') is not null then
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net with schema extensions;
    end if;
    if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
      create extension if not exists pg_cron;
    end if;
  end if;
end;
$$;

-- Asks the `outbox` function to dispatch. pg_net sends the request from a background worker after
-- the transaction commits (a rolled-back insert wakes nobody), so the function sees the new rows.
-- Returns pg_net's request id, or null when nothing was sent: no pg_net or Vault here (the local
-- host wakes its mailer by NOTIFY), or the two secrets are not stored yet (a warning says which).
create or replace function app.wake_outbox() returns bigint
language sql security definer set search_path = ''
as $$ select app.wake_function('outbox_url', 'E-mail waits') $$;

revoke execute on function app.wake_outbox() from public, anon, authenticated;

-- One wake-up per statement that queues mail, however many rows it inserts.
create or replace function app.wake_outbox_on_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app.wake_outbox();
  return null;
end;
$$;

revoke execute on function app.wake_outbox_on_insert() from public, anon, authenticated;

-- An admin putting a failed message back in the queue wakes the dispatcher too; the dispatcher's
-- own updates (claiming, marking sent or failed) never do, or it would wake itself forever.
create or replace function app.wake_outbox_on_requeue() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from requeued_new n join requeued_old o on o.id = n.id
              where o.status = 'failed' and n.status = 'queued') then
    perform app.wake_outbox();
  end if;
  return null;
end;
$$;

revoke execute on function app.wake_outbox_on_requeue() from public, anon, authenticated;

create trigger email_outbox_wake
  after insert on public.email_outbox
  for each statement execute function app.wake_outbox_on_insert();

create trigger email_outbox_wake_requeued
  after update on public.email_outbox
  referencing old table as requeued_old new table as requeued_new
  for each statement execute function app.wake_outbox_on_requeue();

-- The last call each dispatcher's retry job made through pg_net (pg_net's request id), so that
-- the admins' screen can read what came back in net._http_response. One row per dispatcher,
-- written by the job at most once a minute, never by a request.
create table if not exists app.dispatcher_calls (
  dispatcher text primary key check (dispatcher in ('outbox', 'whatsapp')),
  request_id bigint not null,
  called_at timestamptz not null default now()
);

alter table app.dispatcher_calls enable row level security;

revoke all on app.dispatcher_calls from public, anon, authenticated;

-- What the job `outbox-retries` runs every minute: it wakes the dispatcher only when the wake-up is
-- configured (Vault holds the address and the secret) and a message is due (a retry whose time has
-- come, a lease that ran out, mail that no trigger could wake anyone for), and keeps pg_net's
-- request id. An unconfigured project or an empty queue costs a query, not a function call.
create or replace function app.retry_outbox() returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  request bigint;
begin
  if not app.wake_configured('outbox_url')
     or not exists (select 1 from public.email_outbox o
                     where (o.status = 'queued' and o.next_attempt_at <= now())
                        or (o.status = 'sending' and o.lease_until < now())) then
    return null;
  end if;
  request := app.wake_outbox();
  if request is not null then
    insert into app.dispatcher_calls as c (dispatcher, request_id, called_at)
    values ('outbox', request, now())
    on conflict on constraint dispatcher_calls_pkey do update
      set request_id = excluded.request_id, called_at = excluded.called_at;
  end if;
  return request;
end;
$$;

revoke execute on function app.retry_outbox() from public, anon, authenticated;

-- The jobs, where pg_cron exists: retries every minute, and a daily prune of pg_cron's own run
-- history (cron.job_run_details gains a row per run and pg_cron never empties it).
-- `cron.schedule` with a name replaces the job of that name, so applying this again keeps one job.
do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('outbox-retries', '* * * * *', 'select app.retry_outbox()');
    perform cron.schedule('cron-history-prune', '17 3 * * *',
      'delete from cron.job_run_details where end_time < now() - interval ''7 days''');
  end if;
end;
$$;

-- The outcome of one send whose envelope the server answered: the addresses it accepted, and the
-- ones it refused with their code, reason and whether the refusal is for good. Accepted addresses
-- are never sent to again; deferred ones wait 30 s, 2 min, 8 min, 32 min, ~2 h after attempts 1 to
-- 5 and are given up after the 6th. The row ends `sent` once every address is answered and at
-- least one accepted the message (`last_error` then names the addresses refused), `failed` when
-- none did, and stays `queued` while an address waits for its next try. Returns the new status.
create or replace function public.outbox_record_send(
  id text,
  message_id text,
  accepted text[],
  refused jsonb default '[]'::jsonb
) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  r public.email_outbox;
  d jsonb;
  item jsonb;
  address text;
  waiting boolean;
  delivered boolean;
  refusals text;
  new_status text;
begin
  if jsonb_typeof(coalesce(refused, '[]'::jsonb)) <> 'array' then
    raise exception 'The refused addresses must be a list' using errcode = '22023';
  end if;
  select * into r from public.email_outbox o where o.id = outbox_record_send.id for update;
  if not found then
    raise exception 'No such e-mail: %', outbox_record_send.id using errcode = 'P0002';
  end if;
  if r.status = 'sent' then
    return r.status;
  end if;

  d := r.deliveries;
  foreach address in array coalesce(accepted, '{}'::text[]) loop
    d := d || jsonb_build_object(lower(address), jsonb_build_object('status', 'sent', 'at', now()));
  end loop;
  for item in select value from jsonb_array_elements(coalesce(refused, '[]'::jsonb)) loop
    if coalesce(item ->> 'address', '') = '' then
      raise exception 'A refused address needs its address' using errcode = '22023';
    end if;
    d := d || jsonb_build_object(lower(item ->> 'address'), jsonb_build_object(
      'status', case when coalesce((item ->> 'permanent')::boolean, false) then 'refused' else 'retrying' end,
      'code', item -> 'code',
      'reason', left(coalesce(item ->> 'reason', 'refused'), 500),
      'at', now()));
  end loop;

  -- Deferred addresses on the last allowed attempt are given up.
  if r.attempts >= 6 then
    select coalesce(jsonb_object_agg(e.key, case when e.value ->> 'status' = 'retrying'
             then e.value || jsonb_build_object('status', 'refused',
                    'reason', (e.value ->> 'reason') || ' (gave up after ' || r.attempts || ' attempts)')
             else e.value end), '{}'::jsonb)
      into d
      from jsonb_each(d) e;
  end if;

  select coalesce(bool_or(e.value ->> 'status' = 'retrying'), false),
         coalesce(bool_or(e.value ->> 'status' = 'sent'), false),
         string_agg(e.key || ': ' || (e.value ->> 'reason'), '; ' order by e.key)
           filter (where e.value ->> 'status' in ('retrying', 'refused'))
    into waiting, delivered, refusals
    from jsonb_each(d) e;
  new_status := case when waiting then 'queued' when delivered then 'sent' else 'failed' end;

  update public.email_outbox o
     set deliveries = d,
         status = new_status,
         next_attempt_at = case when new_status = 'queued'
           then now() + make_interval(secs => 30 * power(4, greatest(r.attempts, 1) - 1))
           else o.next_attempt_at end,
         lease_until = null,
         sent_at = case when cardinality(coalesce(accepted, '{}'::text[])) > 0 then now() else o.sent_at end,
         message_id = coalesce(outbox_record_send.message_id, o.message_id),
         last_error = coalesce(left(refusals, 2000), o.last_error)
   where o.id = r.id;
  return new_status;
end;
$$;

revoke execute on function public.outbox_record_send(text, text, text[], jsonb) from public, anon, authenticated;

grant execute on function public.outbox_record_send(text, text, text[], jsonb) to service_role;

-- The mail server refused the login, could not be reached or failed TLS while sending the claimed
-- message `id` (or before any was claimed, when `id` is null). The message goes back to the queue
-- as it was, its attempt not counted, and the admins get one system error per problem: a new one
-- only once they have dismissed the last. Returns true when an error was recorded.
create or replace function public.outbox_server_trouble(id text, problem text, message text)
returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  if problem is null or problem not in ('login', 'connection', 'tls') then
    raise exception 'Unknown mail server problem: %', problem using errcode = '22023';
  end if;
  if coalesce(trim(message), '') = '' then
    raise exception 'A mail server problem needs a message' using errcode = '22023';
  end if;
  update public.email_outbox o
     set status = 'queued', attempts = greatest(o.attempts - 1, 0), lease_until = null
   where o.id = outbox_server_trouble.id and o.status = 'sending';
  -- Two dispatchers meeting the same problem at once still record it once.
  perform pg_advisory_xact_lock(hashtext('app.mail_server_trouble'));
  if exists (select 1 from public.system_errors e
              where e.source = 'e-mail server' and e.dismissed_at is null
                and e.details ->> 'problem' = outbox_server_trouble.problem) then
    return false;
  end if;
  insert into public.system_errors (source, message, details)
  values ('e-mail server', left(message, 2000), jsonb_build_object('problem', problem));
  return true;
end;
$$;

revoke execute on function public.outbox_server_trouble(text, text, text) from public, anon, authenticated;

grant execute on function public.outbox_server_trouble(text, text, text) to service_role;

-- The sender accounts: five display names (two people, Admissions, Team, Accounts), each with its
-- address. `member_id` maps a signed-in member to the account that is theirs (O07): the webmail
-- dialog starts with it, and with Team for everyone else. The rows are the centre's own data
-- (which people, which addresses), set by whoever runs the centre's database; the demo centre's
-- come with its seed.
create table if not exists public.mail_senders (
  key text primary key check (key ~ '^[a-z][a-z0-9-]{0,40}$'),
  display_name text not null check (length(btrim(display_name)) between 1 and 100
                                    and display_name !~ '[<>"\r\n]'),
  address text not null check (address ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,63}$'),
  member_id uuid unique references public.members (id) on delete set null,
  position integer not null default 0,
  -- The admissions office's address is copied on every webmail (O05).
  is_admissions_office boolean not null default false,
  -- The account's e-mail sending can never be turned off (the admissions office, Team). A marked
  -- account without a member forces nobody; the mark stays for the member the centre maps to it
  -- next.
  always_sends boolean not null default false
);

create unique index if not exists mail_senders_one_admissions_office
  on public.mail_senders (is_admissions_office) where is_admissions_office;

alter table public.mail_senders enable row level security;

revoke all on public.mail_senders from anon, authenticated;

grant select on public.mail_senders to authenticated;

grant all on public.mail_senders to service_role;

create policy "Staff read the sender accounts" on public.mail_senders
  for select to authenticated using ((select app.is_staff()));

-- The sender account a member of staff sends from (O07): the one mapped to them, else Team (the
-- account the office shares). Null for anyone else, and when the centre has neither.
create or replace function app.own_sender_key() returns text
language sql stable security definer set search_path = ''
as $$
  select case when app.is_staff() then
           coalesce((select s.key from public.mail_senders s where s.member_id = auth.uid()),
                    (select s.key from public.mail_senders s where s.key = 'team'))
         end
$$;

revoke execute on function app.own_sender_key() from public, anon;

grant execute on function app.own_sender_key() to authenticated, service_role;

-- The sender account a member may send from, by its key: their own (app.own_sender_key), or any
-- one for an admin. Raises with the reason otherwise.
create or replace function app.sender_for(key text) returns public.mail_senders
language plpgsql stable security definer set search_path = ''
as $$
declare
  account public.mail_senders;
  own public.mail_senders;
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  select * into account from public.mail_senders s where s.key = sender_for.key;
  if not found then
    raise exception 'Choose a sender' using errcode = '22023';
  end if;
  if app.is_admin() then
    return account;
  end if;
  select * into own from public.mail_senders s where s.key = app.own_sender_key();
  if own.key is null then
    raise exception 'No sender account is yours yet: an admin maps one to you in mail_senders.'
      using errcode = '42501';
  end if;
  if own.key <> account.key then
    raise exception 'You send e-mail from your own account (%); an admin may choose another.',
      own.display_name using errcode = '42501';
  end if;
  return account;
end;
$$;

revoke execute on function app.sender_for(text) from public, anon;

grant execute on function app.sender_for(text) to authenticated, service_role;

-- The sender accounts the signed-in member may send from (every one for an admin, their own
-- otherwise), plus whether they may send (`may_send`) and whether that is forced (`always`), so
-- the dialog can say so before anything is written.
create or replace function public.mail_sender_accounts() returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'senders', coalesce((select jsonb_agg(jsonb_build_object(
                 'key', s.key, 'display_name', s.display_name, 'address', s.address,
                 'is_admissions_office', s.is_admissions_office) order by s.position, s.key)
                 from public.mail_senders s
                where app.is_admin() or s.key = app.own_sender_key()), '[]'::jsonb),
    'mine', (select s.key from public.mail_senders s where s.member_id = auth.uid()),
    'may_send', app.may_send_email(),
    'always', app.always_sends_email(auth.uid()));
end;
$$;

revoke execute on function public.mail_sender_accounts() from public, anon;

grant execute on function public.mail_sender_accounts() to authenticated;

-- webmail(sender, recipient list, cc, subject, htmlBody, attachments, trigger): queues the message
-- as the signed-in member of staff, from their own sender account (any one for an admin). What is
-- sent is named by the trigger: 'webmail' (written freely), a template ('meeting', 'trial',
-- 'admission', 'enrolment', 'feeReceipt', 'contributionReceipt') or 'paymentReminder'; the server
-- sets the e-mail type from it (meeting and trial: Inquiry; admission and enrolment: Admissions;
-- a fee reminder: Payment Reminder; the rest Webmail: a real receipt is the payment's own). One person reaches at most 200 addresses
-- (recipients and copies) an hour through it. Answers {type, message} (O02, O03). Attachments
-- travel in the row as {filename, content (base64), contentType}, at most 10 MB in all. It runs as
-- its owner: nobody writes the outbox directly.
create or replace function public.webmail(
  sender text, recipients text[], cc text[], subject text, html_body text,
  attachments jsonb default '[]'::jsonb,
  email_trigger text default 'webmail'
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  account public.mail_senders;
  address text;
  pattern constant text := '^[\w-]+(\.[\w-]+)*@([\w-]+\.)+[A-Za-z]{2,7}$';
  item jsonb;
  hourly constant integer := 200;
  addresses integer;
  used integer;
  free_at timestamptz;
  minutes integer;
  kind text;
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  if not app.may_send_email() then
    raise exception 'E-mail sending is turned off for your account. An admin can turn it on in Members.'
      using errcode = '42501';
  end if;
  kind := case webmail.email_trigger
    when 'webmail' then 'Webmail'
    when 'paymentReminder' then 'Payment Reminder'
    when 'feeReceipt' then 'Webmail'
    when 'contributionReceipt' then 'Webmail'
    when 'meeting' then 'Inquiry'
    when 'trial' then 'Inquiry'
    when 'admission' then 'Admissions'
    when 'enrolment' then 'Admissions'
  end;
  if kind is null then
    raise exception 'Unknown e-mail trigger' using errcode = '22023';
  end if;
  account := app.sender_for(webmail.sender);
  if coalesce(cardinality(recipients), 0) = 0 then
    raise exception 'Add at least one recipient' using errcode = '22023';
  end if;
  if cardinality(recipients) > 50 or coalesce(cardinality(cc), 0) > 50 then
    raise exception 'An e-mail goes to at most 50 recipients and 50 copies' using errcode = '22023';
  end if;
  foreach address in array recipients || coalesce(cc, '{}'::text[]) loop
    if address is null or address !~ pattern then
      raise exception '% is not an e-mail address', coalesce(address, 'An empty entry') using errcode = '22023';
    end if;
  end loop;
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html_body, ''))) = 0 then
    raise exception 'Write the message' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(attachments, '[]'::jsonb)) <> 'array' then
    raise exception 'The attachments must be a list' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) loop
    if jsonb_typeof(item) <> 'object' or coalesce(item ->> 'filename', '') = ''
       or jsonb_typeof(item -> 'content') is distinct from 'string' then
      raise exception 'Each attachment needs a file name and its content' using errcode = '22023';
    end if;
    if item ? 'cid' and coalesce(item ->> 'cid', '') !~ '^[\w.@-]{1,100}$' then
      raise exception 'An inline image’s Content-ID is letters, digits and . @ - _ only'
        using errcode = '22023';
    end if;
  end loop;
  if octet_length(coalesce(attachments, '[]'::jsonb)::text) > 14 * 1024 * 1024 then
    raise exception 'The attachments are larger than 10 MB' using errcode = '22023';
  end if;

  -- The hourly limit, counted from the outbox itself (the webmail this person queued in the last
  -- hour); one call at a time per person, so two at once cannot both pass it.
  perform pg_advisory_xact_lock(hashtext('app.webmail_limit'), hashtext(auth.uid()::text));
  addresses := cardinality(recipients) + coalesce(cardinality(cc), 0);
  select coalesce(sum(cardinality(o.recipients) + cardinality(o.cc)), 0) into used
    from public.email_outbox o
   where o.triggered_by = auth.uid() and o.id like 'webmail-%'
     and o.created_at > now() - interval '1 hour';
  if used + addresses > hourly then
    -- When enough of the last hour's addresses have left the window for this e-mail to fit.
    select w.created_at + interval '1 hour' into free_at
      from (select o.created_at,
                   sum(cardinality(o.recipients) + cardinality(o.cc))
                     over (order by o.created_at, o.id) as freed
              from public.email_outbox o
             where o.triggered_by = auth.uid() and o.id like 'webmail-%'
               and o.created_at > now() - interval '1 hour') w
     where w.freed >= used + addresses - hourly
     order by w.created_at
     limit 1;
    minutes := greatest(1, ceil(extract(epoch from (coalesce(free_at, now() + interval '1 hour') - now())) / 60)::integer);
    if used >= hourly then
      raise exception 'You have e-mailed % addresses in the last hour, the most one person may: please wait % minute% and try again.',
        used, minutes, case when minutes = 1 then '' else 's' end using errcode = 'PT429';
    end if;
    raise exception 'This e-mail would take you past % addresses in an hour (you have e-mailed % in the last hour): send it to fewer addresses, or wait % minute% and try again.',
      hourly, used, minutes, case when minutes = 1 then '' else 's' end using errcode = 'PT429';
  end if;

  insert into public.email_outbox (id, sender, recipients, cc, subject, html_body, attachments,
                                   email_type, email_trigger, triggered_by)
  values ('webmail-' || gen_random_uuid()::text,
          format('"%s" <%s>', account.display_name, account.address), recipients,
          coalesce(cc, '{}'::text[]), subject, html_body,
          (select coalesce(jsonb_agg(jsonb_build_object(
             'filename', left(i ->> 'filename', 200), 'content', i ->> 'content', 'encoding', 'base64',
             'contentType', coalesce(nullif(i ->> 'contentType', ''), 'application/octet-stream'))
             -- An image the HTML shows by its Content-ID is sent inline.
             || case when i ? 'cid' then jsonb_build_object('cid', i ->> 'cid') else '{}'::jsonb end),
             '[]'::jsonb)
             from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) i),
          kind, webmail.email_trigger, auth.uid());
  return jsonb_build_object('type', 'success',
                            'message', 'E-mail queued for ' || array_to_string(recipients, ', ')
                                       || '; it goes out when the mail server takes it');
end;
$$;

revoke execute on function public.webmail(text, text[], text[], text, text, jsonb, text) from public, anon;

grant execute on function public.webmail(text, text[], text[], text, text, jsonb, text) to authenticated;

-- Whether the member may always send (their account is one of the forced ones).
create or replace function app.always_sends_email(member uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.mail_senders s
                  where s.member_id = always_sends_email.member and s.always_sends)
$$;

revoke execute on function app.always_sends_email(uuid) from public, anon;

grant execute on function app.always_sends_email(uuid) to authenticated, service_role;

-- Whether the signed-in person may send e-mail now: staff, not blocked, with sending on or forced.
create or replace function app.may_send_email() returns boolean
language sql stable security definer set search_path = ''
as $$
  select app.is_staff() and (
    app.always_sends_email(auth.uid())
    or coalesce((select m.email_sending from public.members m where m.id = auth.uid()), false))
$$;

revoke execute on function app.may_send_email() from public, anon;

grant execute on function app.may_send_email() to authenticated, service_role;

-- admin_set_email_sending(member, enabled): an admin turns a member's e-mail sending on or off.
-- A forced account cannot be turned off ('E-mail sending is always on for …').
create or replace function public.admin_set_email_sending(member uuid, enabled boolean) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can change who sends e-mail' using errcode = '42501';
  end if;
  if enabled is null then
    raise exception 'Say whether e-mail sending is on or off' using errcode = '22023';
  end if;
  select * into m from public.members x where x.id = admin_set_email_sending.member for update;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  if not enabled and app.always_sends_email(m.id) then
    raise exception 'E-mail sending is always on for %', coalesce(nullif(m.name, ''), m.email)
      using errcode = 'P0001';
  end if;
  update public.members x set email_sending = enabled where x.id = m.id;
  return jsonb_build_object('type', 'success', 'message',
    format('E-mail sending turned %s for %s', case when enabled then 'on' else 'off' end,
           coalesce(nullif(m.name, ''), m.email)));
end;
$$;

revoke execute on function public.admin_set_email_sending(uuid, boolean) from public, anon;

grant execute on function public.admin_set_email_sending(uuid, boolean) to authenticated;

-- One way to wake a dispatcher function: read its address and the shared secret from Vault and
-- POST to it with pg_net. The e-mail outbox and the WhatsApp outbox both call it.
create or replace function app.wake_function(url_secret text, waiting text) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  target text;
  secret text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  if not app.wake_configured(url_secret) then
    raise warning '% in the outbox: store % (the function''s https address) and outbox_secret in Vault (docs/deploy.md)',
      waiting, url_secret;
    return null;
  end if;
  select s.decrypted_secret into target from vault.decrypted_secrets s where s.name = url_secret;
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'outbox_secret';
  return net.http_post(
    url := target,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || secret),
    timeout_milliseconds := 10000);
end;
$$;

revoke execute on function app.wake_function(text, text) from public, anon, authenticated;

-- Whether the database can wake a dispatcher: pg_net and Vault exist, and Vault holds the
-- function's address (an http(s) URL: `db push` skips a [db.vault] entry whose variable is unset,
-- and a value typed by hand may be anything) and the dispatcher's secret.
create or replace function app.wake_configured(url_secret text) returns boolean
language plpgsql stable security definer set search_path = ''
as $$
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return false;
  end if;
  return coalesce((select s.decrypted_secret from vault.decrypted_secrets s
                    where s.name = wake_configured.url_secret), '') ~ '^https?://[^/]+'
     and coalesce((select s.decrypted_secret from vault.decrypted_secrets s
                    where s.name = 'outbox_secret'), '') <> '';
end;
$$;

revoke execute on function app.wake_configured(text) from public, anon, authenticated;

-- How the database wakes the e-mail dispatcher, for the admins' Node Mailer pane when mail waits:
-- `notify` where the server's own mailer listens (the local host, a plain PostgreSQL server);
-- on Supabase (`pg_net`) whether Vault holds the address and the secret, whether pg_cron runs the
-- retry job, and what the job's last call got back (net._http_response, which pg_net keeps for
-- some hours). Admins only: anyone else gets null.
create or replace function app.mail_wakeup() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  last_call app.dispatcher_calls;
  answer jsonb;
  scheduled boolean := false;
begin
  if not app.is_admin() then
    return null;
  end if;
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return jsonb_build_object('mode', 'notify');
  end if;
  if to_regclass('cron.job') is not null then
    select exists (select 1 from cron.job j where j.jobname = 'outbox-retries' and j.active)
      into scheduled;
  end if;
  select * into last_call from app.dispatcher_calls c where c.dispatcher = 'outbox';
  if last_call.request_id is not null and to_regclass('net._http_response') is not null then
    select jsonb_build_object('status', r.status_code, 'timedOut', coalesce(r.timed_out, false),
                              'error', r.error_msg, 'answer', left(r.content, 300))
      into answer
      from net._http_response r where r.id = last_call.request_id;
  end if;
  return jsonb_build_object(
    'mode', 'pg_net',
    'configured', app.wake_configured('outbox_url'),
    'scheduled', scheduled,
    'lastCall', case when last_call.request_id is not null
                     then jsonb_build_object('at', last_call.called_at)
                          || coalesce(answer, jsonb_build_object('pending', true)) end);
end;
$$;

revoke execute on function app.mail_wakeup() from public, anon;

grant execute on function app.mail_wakeup() to authenticated;

create table if not exists public.email_templates (
  name text primary key check (name in ('meeting', 'trial', 'admission', 'admissionPayment',
                                        'enrolment', 'feeReceipt', 'contributionReceipt')),
  subject text not null check (length(btrim(subject)) between 1 and 998 and subject !~ '[\r\n]'),
  html text not null check (length(btrim(html)) between 1 and 60000),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);

comment on constraint email_templates_subject_check on public.email_templates is
  'A template''s subject is one line of 1 to 998 characters.';

comment on constraint email_templates_html_check on public.email_templates is
  'A template''s message is 1 to 60,000 characters.';

alter table public.email_templates enable row level security;

revoke all on public.email_templates from anon, authenticated;

grant select on public.email_templates to authenticated;

grant all on public.email_templates to service_role;

create policy "Office staff read the e-mail templates" on public.email_templates
  for select to authenticated using ((select app.is_staff()));

-- The centre's own templates, with who changed each last.
create or replace function public.email_templates() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office reads the e-mail templates.' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'name', t.name, 'subject', t.subject, 'html', t.html, 'updated_at', t.updated_at,
             'updated_by', coalesce(nullif(m.name, ''), m.email)) order by t.name)
      from public.email_templates t left join public.members m on m.id = t.updated_by), '[]'::jsonb);
end;
$$;

revoke execute on function public.email_templates() from public, anon;

grant execute on function public.email_templates() to authenticated;

-- Saves the centre's version of a template.
create or replace function public.save_email_template(name text, subject text, html text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office edits the e-mail templates.' using errcode = '42501';
  end if;
  if save_email_template.name is null or save_email_template.name not in (
       'meeting', 'trial', 'admission', 'admissionPayment', 'enrolment', 'feeReceipt',
       'contributionReceipt') then
    raise exception 'Unknown template: %', coalesce(save_email_template.name, 'none') using errcode = '22023';
  end if;
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html, ''))) = 0 or length(html) > 60000 then
    raise exception 'Write the message (at most 60,000 characters)' using errcode = '22023';
  end if;
  insert into public.email_templates (name, subject, html, updated_at, updated_by)
  values (save_email_template.name, btrim(subject), html, now(), auth.uid())
  on conflict on constraint email_templates_pkey do update
    set subject = excluded.subject, html = excluded.html, updated_at = excluded.updated_at,
        updated_by = excluded.updated_by;
  return jsonb_build_object('type', 'success', 'message', 'Template saved');
end;
$$;

revoke execute on function public.save_email_template(text, text, text) from public, anon;

grant execute on function public.save_email_template(text, text, text) to authenticated;

-- Goes back to the app's default for a template.
create or replace function public.reset_email_template(name text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office edits the e-mail templates.' using errcode = '42501';
  end if;
  if reset_email_template.name is null or reset_email_template.name not in (
       'meeting', 'trial', 'admission', 'admissionPayment', 'enrolment', 'feeReceipt',
       'contributionReceipt') then
    raise exception 'Unknown template: %', coalesce(reset_email_template.name, 'none') using errcode = '22023';
  end if;
  delete from public.email_templates t where t.name = reset_email_template.name;
  return jsonb_build_object('type', 'success', 'message', 'Template back to the default');
end;
$$;

revoke execute on function public.reset_email_template(text) from public, anon;

grant execute on function public.reset_email_template(text) to authenticated;

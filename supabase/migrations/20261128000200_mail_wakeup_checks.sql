-- What the deployment guide checks, and the database's side of it (docs/deploy.md).
-- * Wake-up checks: the database counts as able to wake a dispatcher only when Vault holds the
--   function's https address and the dispatcher's secret (`db push` now stores both from
--   [db.vault] in supabase/config.toml; an entry whose variable was unset is skipped, and a
--   value typed by hand may be anything).
-- * The retry jobs call a dispatcher only when that is configured and something is due, so a
--   centre without WhatsApp, or with nothing queued, makes no function call every minute; each
--   job keeps pg_net's request id of its last call (app.dispatcher_calls).
-- * A daily job prunes pg_cron's run history (cron.job_run_details), which nothing else empties.
-- * Node Mailer learns of mail that waits untried (admin_list_emails' `stalled`), with how the
--   dispatcher is woken and what the last call got back (app.mail_wakeup), so an admin hears
--   that mail is not leaving even when the dispatcher never runs.
-- Where Vault, pg_net or pg_cron do not exist (the local host, PGlite, a plain server) nothing is
-- scheduled and the wake-up stays LISTEN/NOTIFY.

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

-- What the job `whatsapp-retries` runs every minute: like `app.retry_outbox`, nothing unless Vault
-- holds the `whatsapp` function's address (a centre without WhatsApp never stores it) and a
-- message is due.
create or replace function app.retry_whatsapp() returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  request bigint;
begin
  if not app.wake_configured('whatsapp_url')
     or not exists (select 1 from public.whatsapp_outbox o
                     where (o.status = 'queued' and o.next_attempt_at <= now())
                        or (o.status = 'sending' and o.lease_until < now())) then
    return null;
  end if;
  request := app.wake_whatsapp();
  if request is not null then
    insert into app.dispatcher_calls as c (dispatcher, request_id, called_at)
    values ('whatsapp', request, now())
    on conflict on constraint dispatcher_calls_pkey do update
      set request_id = excluded.request_id, called_at = excluded.called_at;
  end if;
  return request;
end;
$$;

revoke execute on function app.retry_whatsapp() from public, anon, authenticated;

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

-- One page of e-mails for the Node Mailer pane, now with when a queued one is tried next, what
-- the server answered for each address, the open mail server problem (the reason queued e-mails
-- are not leaving), if any, and the mail that waits untried (`stalled`: how many, since when, and
-- how the dispatcher is woken), which no mail server problem reports when the dispatcher never runs.
create or replace function public.admin_list_emails(
  email_type text default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security invoker set search_path = ''
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
    'Contribution Receipt') then
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
    'stalled', case when waiting > 0 then jsonb_build_object(
                 'count', waiting, 'since', waiting_since, 'wakeUp', app.mail_wakeup()) end);
end;
$$;

grant execute on function public.admin_list_emails(text, integer) to authenticated;

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

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('whatsapp-retries', '* * * * *', 'select app.retry_whatsapp()');
  end if;
end;
$$;

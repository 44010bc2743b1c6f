-- What wakes the e-mail dispatcher on a Supabase project (issue 19). The local host LISTENs for
-- the `email_outbox` NOTIFY of the outbox migration; nothing listens on Supabase, so there the
-- database itself calls the `outbox` edge function over HTTP with pg_net, as Supabase documents
-- for scheduled functions: once per statement that queues mail (or puts a failed message back),
-- and every minute through pg_cron for retries that have come due and leases that ran out.
-- The function's address and the dispatcher's secret are read from Supabase Vault at each call,
-- so they never sit in a migration or a table:
--   select vault.create_secret('https://<ref>.supabase.co/functions/v1/outbox', 'outbox_url');
--   select vault.create_secret('<the OUTBOX_SECRET of the functions>', 'outbox_secret');
-- Where pg_net, pg_cron or Vault do not exist (the local host, PGlite, a plain PostgreSQL server)
-- this migration still applies: the extensions are created only where the server offers them
-- and the wake-up does nothing without them.

-- ---------------------------------------------------------------------------------------------
-- The extensions, on a Supabase project only (Vault is there; the local bootstrap has none).
-- pg_net keeps its functions in the `net` schema whatever schema the extension is placed in.
-- ---------------------------------------------------------------------------------------------
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
language plpgsql security definer set search_path = ''
as $$
declare
  target text;
  secret text;
begin
  if to_regnamespace('net') is null or to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  select s.decrypted_secret into target from vault.decrypted_secrets s where s.name = 'outbox_url';
  select s.decrypted_secret into secret from vault.decrypted_secrets s where s.name = 'outbox_secret';
  if coalesce(target, '') = '' or coalesce(secret, '') = '' then
    raise warning 'E-mail waits in the outbox: store outbox_url and outbox_secret in Vault (docs/deploy.md)';
    return null;
  end if;
  return net.http_post(
    url := target,
    body := '{}'::jsonb,
    headers := jsonb_build_object('Content-Type', 'application/json',
                                  'Authorization', 'Bearer ' || secret),
    timeout_milliseconds := 10000);
end;
$$;

-- One wake-up per statement that queues mail, however many rows it inserts.
create or replace function app.wake_outbox_on_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app.wake_outbox();
  return null;
end;
$$;

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

revoke execute on function app.wake_outbox(), app.wake_outbox_on_insert(),
  app.wake_outbox_on_requeue() from public, anon, authenticated;

drop trigger if exists email_outbox_wake on public.email_outbox;
create trigger email_outbox_wake
  after insert on public.email_outbox
  for each statement execute function app.wake_outbox_on_insert();

drop trigger if exists email_outbox_wake_requeued on public.email_outbox;
create trigger email_outbox_wake_requeued
  after update on public.email_outbox
  referencing old table as requeued_old new table as requeued_new
  for each statement execute function app.wake_outbox_on_requeue();

-- Retries: every minute, where pg_cron exists. `cron.schedule` with a name replaces the job of
-- that name, so applying this again keeps one job.
do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('outbox-retries', '* * * * *', 'select app.wake_outbox()');
  end if;
end;
$$;

-- The centre's recurring jobs (F32): one row per job in app.scheduled_tasks, run by pg_cron on a
-- Supabase project and by the local host's scheduler elsewhere, both through
-- app.run_scheduled_task, which records when each run started, how long it took and how it
-- ended. The admin's Scheduled Tasks pane reads that table, so it shows the same thing wherever
-- the centre runs, and "Run now" runs a job on the server at once. A failed run is a System Error.
-- The database backup (issue 37) is made by the local host: the job asks it with a NOTIFY, and the
-- host records the outcome (the backup's size) on the job's row through app.record_host_task.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- One row per job. The schedule is a number of minutes (every N minutes from the hour) or a time
-- of day in the centre's time zone; `cron` is the same schedule as pg_cron reads it (UTC).
-- Nobody but the server reads or writes it: the admins read it through admin_scheduled_tasks().
create table if not exists app.scheduled_tasks (
  name text primary key check (name ~ '^[a-z][a-z0-9-]{1,40}$'),
  label text not null check (length(btrim(label)) between 1 and 100),
  description text not null,
  every_minutes integer check (every_minutes between 1 and 1440),
  daily_at time,
  cron text not null,
  position integer not null,
  next_run_at timestamptz not null default now(),
  last_started_at timestamptz,
  last_duration_ms integer,
  last_result text check (last_result in ('success', 'failed')),
  last_message text,
  last_run_by uuid,
  runs integer not null default 0,
  -- How many days a job keeps what it makes (only the backup job has one; the admins set it).
  keep_days integer check (keep_days between 1 and 3650),
  constraint scheduled_tasks_one_schedule check ((every_minutes is null) <> (daily_at is null))
);

alter table app.scheduled_tasks enable row level security;

revoke all on app.scheduled_tasks from public, anon, authenticated;

insert into app.scheduled_tasks (name, label, description, every_minutes, daily_at, cron, position, keep_days)
values
  ('outbox-retries', 'Retry the outbox',
   'Wakes the e-mail and WhatsApp senders for messages whose retry time has come.',
   1, null, '* * * * *', 1, null),
  ('whatsapp-windows', 'WhatsApp 24-hour windows',
   'Marks as failed the queued session messages whose 24-hour window has closed, so the office resends them as template messages.',
   15, null, '*/15 * * * *', 2, null),
  ('prune', 'Prune what is past its keeping time',
   'Deletes dismissed system errors and warnings after 180 days, and the job history pg_cron keeps after 7 days.',
   null, '03:30', '0 22 * * *', 3, null),
  ('document-expiry', 'Expiring-document notices',
   'Tells each family, once, in the app, about an identity document that expires within 30 days.',
   null, '07:00', '30 1 * * *', 4, null),
  ('database-backup', 'Database backup',
   'Backs up the database and the stored files on the centre''s own server, and deletes the backups older than the days to keep.',
   null, '02:00', '30 20 * * *', 5, 14)
on conflict (name) do nothing;

-- When a job with this schedule runs next after `after`: every N minutes counted from the hour,
-- or each day at a time of the centre's clock (Asia/Kolkata).
create or replace function app.next_task_run(every_minutes integer, daily_at time, after timestamptz)
returns timestamptz
language plpgsql immutable set search_path = ''
as $$
declare
  local_day timestamp;
  candidate timestamptz;
begin
  if every_minutes is not null then
    return date_trunc('hour', after)
      + make_interval(mins => (floor(extract(minute from after) / every_minutes)::integer + 1) * every_minutes);
  end if;
  local_day := date_trunc('day', after at time zone 'Asia/Kolkata');
  candidate := (local_day + daily_at) at time zone 'Asia/Kolkata';
  if candidate <= after then
    candidate := (local_day + interval '1 day' + daily_at) at time zone 'Asia/Kolkata';
  end if;
  return candidate;
end;
$$;

revoke execute on function app.next_task_run(integer, time, timestamptz) from public, anon, authenticated;

update app.scheduled_tasks t
   set next_run_at = app.next_task_run(t.every_minutes, t.daily_at, now())
 where t.last_started_at is null;

-- Retrying the outbox: on Supabase the retry jobs call the dispatchers through pg_net (only when
-- something is due); elsewhere a NOTIFY wakes the host's senders, which LISTEN on these channels.
create or replace function app.task_outbox_retries() returns text
language plpgsql security definer set search_path = ''
as $$
declare
  mails integer;
  messages integer;
begin
  select count(*) into mails from public.email_outbox o
   where (o.status = 'queued' and o.next_attempt_at <= now())
      or (o.status = 'sending' and o.lease_until < now());
  select count(*) into messages from public.whatsapp_outbox o
   where (o.status = 'queued' and o.next_attempt_at <= now())
      or (o.status = 'sending' and o.lease_until < now());
  if mails = 0 and messages = 0 then
    return 'Nothing was waiting.';
  end if;
  if to_regnamespace('net') is not null then
    perform app.retry_outbox();
    perform app.retry_whatsapp();
  else
    if mails > 0 then perform pg_notify('email_outbox', 'retry'); end if;
    if messages > 0 then perform pg_notify('whatsapp_outbox', 'retry'); end if;
  end if;
  return format('%s %s and %s WhatsApp %s due: the senders were woken.',
                mails, case when mails = 1 then 'e-mail' else 'e-mails' end,
                messages, case when messages = 1 then 'message' else 'messages' end);
end;
$$;

revoke execute on function app.task_outbox_retries() from public, anon, authenticated;

-- A session message may only go out within 24 hours of the person's last message. One that has
-- waited past that (the sender was down, or rate-limited) will never go: it fails now with the
-- reason, so the office sees it and resends it as a template message.
create or replace function app.task_whatsapp_windows() returns text
language plpgsql security definer set search_path = ''
as $$
declare
  closed text;
  reason constant text :=
    'The 24-hour window closed before the message went out: send it as a template message.';
  n integer := 0;
begin
  for closed in
    update public.whatsapp_outbox o
       set status = 'failed', lease_until = null, last_error = reason
      from public.whatsapp m
      join public.whatsapp num on num.id = 'wa-' || m.wa_id and num.kind = 'number'
     where o.message_id = m.id and o.status = 'queued'
       and m.data ->> 'mode' = 'session'
       and (num.last_received_at is null or num.last_received_at <= now() - interval '24 hours')
    returning o.message_id
  loop
    perform app.whatsapp_set_status(closed, 'failed', reason);
    n := n + 1;
  end loop;
  return case when n = 0 then 'No waiting message had lost its window.'
              when n = 1 then '1 message had lost its window and was marked failed.'
              else format('%s messages had lost their window and were marked failed.', n) end;
end;
$$;

revoke execute on function app.task_whatsapp_windows() from public, anon, authenticated;

-- What the centre keeps for a limited time: dismissed log entries for 180 days, pg_cron's own
-- run history (which nothing else empties) for 7 days.
create or replace function app.task_prune() returns text
language plpgsql security definer set search_path = ''
as $$
declare
  errors integer;
  warnings integer;
  history integer := 0;
begin
  delete from public.system_errors e
   where e.dismissed_at is not null and e.dismissed_at < now() - interval '180 days';
  get diagnostics errors = row_count;
  delete from public.system_warnings w
   where w.dismissed_at is not null and w.dismissed_at < now() - interval '180 days';
  get diagnostics warnings = row_count;
  if to_regclass('cron.job_run_details') is not null then
    execute 'delete from cron.job_run_details where end_time < now() - interval ''7 days''';
    get diagnostics history = row_count;
  end if;
  return format('Deleted %s dismissed errors, %s dismissed warnings and %s job history rows.',
                errors, warnings, history);
end;
$$;

revoke execute on function app.task_prune() from public, anon, authenticated;

-- The backup job's part in the database: wake the host, which makes the backup and records it.
-- On a Supabase project (pg_cron) Supabase keeps the backups.
create or replace function app.task_database_backup() returns text
language plpgsql security definer set search_path = ''
as $$
begin
  if to_regnamespace('cron') is not null then
    return 'Supabase keeps this project''s backups (Dashboard, Database, Backups): nothing to do here.';
  end if;
  perform pg_notify('database_backup', 'run');
  return 'The server is making the backup: its size shows here when it is written.';
end;
$$;

revoke execute on function app.task_database_backup() from public, anon, authenticated;

-- The host's word on a job it ran itself (the backup): how it ended, recorded as the database
-- records its own jobs; a failure is a System Error.
create or replace function app.record_host_task(task text, started timestamptz, failure text, outcome text)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  t app.scheduled_tasks;
begin
  update app.scheduled_tasks s
     set last_started_at = started,
         last_duration_ms = greatest(round(extract(epoch from clock_timestamp() - started) * 1000)::integer, 0),
         last_result = case when failure is null then 'success' else 'failed' end,
         last_message = left(coalesce(failure, outcome), 1000)
   where s.name = task
  returning * into t;
  if found and failure is not null then
    insert into public.system_errors (source, message, details)
    values ('scheduled task',
            left(format('The scheduled task "%s" failed: %s', t.label, failure), 2000),
            jsonb_build_object('task', t.name));
  end if;
end;
$$;

revoke execute on function app.record_host_task(text, timestamptz, text, text) from public, anon, authenticated;

-- Runs one job and records the run. Its work runs in a sub-transaction: a job that fails is
-- rolled back alone, recorded as failed with the reason, and raised as a System Error. The row is
-- locked for the run, so a job never runs twice at once: a second caller hears that it is
-- running. `requested_by` is the admin who pressed "Run now" (null for the schedule).
create or replace function app.run_scheduled_task(task text, requested_by uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  t app.scheduled_tasks;
  started timestamptz := clock_timestamp();
  outcome text;
  failure text;
begin
  select * into t from app.scheduled_tasks s where s.name = task for update skip locked;
  if not found then
    if exists (select 1 from app.scheduled_tasks s where s.name = task) then
      raise exception 'This task is running now: its result shows when it ends.' using errcode = '55P03';
    end if;
    raise exception 'There is no scheduled task called "%".', task using errcode = '22023';
  end if;
  begin
    outcome := case t.name
      when 'outbox-retries' then app.task_outbox_retries()
      when 'whatsapp-windows' then app.task_whatsapp_windows()
      when 'prune' then app.task_prune()
      when 'document-expiry' then app.task_document_expiry()
      when 'database-backup' then app.task_database_backup()
    end;
    if outcome is null then
      raise exception 'The server has no code for this task.';
    end if;
  exception
    when serialization_failure or deadlock_detected or lock_not_available then
      raise;
    when others then
      failure := sqlerrm;
  end;
  update app.scheduled_tasks s
     set last_started_at = started,
         last_duration_ms = greatest(round(extract(epoch from clock_timestamp() - started) * 1000)::integer, 0),
         last_result = case when failure is null then 'success' else 'failed' end,
         last_message = left(coalesce(failure, outcome), 1000),
         last_run_by = requested_by,
         runs = s.runs + 1,
         next_run_at = app.next_task_run(s.every_minutes, s.daily_at, now())
   where s.name = t.name
  returning * into t;
  if failure is not null then
    insert into public.system_errors (source, message, details)
    values ('scheduled task',
            left(format('The scheduled task "%s" failed: %s', t.label, failure), 2000),
            jsonb_build_object('task', t.name));
  end if;
  return to_jsonb(t);
end;
$$;

revoke execute on function app.run_scheduled_task(text, uuid) from public, anon, authenticated;

-- The local host's scheduler calls this every half minute: it runs each job whose time has come,
-- one after the other. Where pg_cron runs the jobs (a Supabase database) it does nothing, so a
-- host pointed at such a database never runs a job twice.
create or replace function app.run_due_scheduled_tasks() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  due text;
  n integer := 0;
begin
  if to_regclass('cron.job') is not null then
    return 0;
  end if;
  for due in
    select s.name from app.scheduled_tasks s where s.next_run_at <= now() order by s.position
  loop
    begin
      perform app.run_scheduled_task(due);
      n := n + 1;
    exception when lock_not_available then
      null;
    end;
  end loop;
  return n;
end;
$$;

revoke execute on function app.run_due_scheduled_tasks() from public, anon, authenticated;

-- The Scheduled Tasks pane: every job with its schedule, last run and next run. Admins only.
create or replace function public.admin_scheduled_tasks() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the scheduled tasks' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'name', s.name, 'label', s.label, 'description', s.description,
             'everyMinutes', s.every_minutes, 'dailyAt', to_char(s.daily_at, 'HH24:MI'),
             'nextRunAt', s.next_run_at, 'lastStartedAt', s.last_started_at,
             'lastDurationMs', s.last_duration_ms, 'lastResult', s.last_result,
             'lastMessage', s.last_message, 'runs', s.runs, 'keepDays', s.keep_days,
             'lastRunBy', (select nullif(btrim(coalesce(nullif(m.name, ''), m.email)), '')
                             from public.members m where m.id = s.last_run_by))
           order by s.position)
      from app.scheduled_tasks s), '[]'::jsonb);
end;
$$;

revoke execute on function public.admin_scheduled_tasks() from public, anon;

grant execute on function public.admin_scheduled_tasks() to authenticated;

-- "Run now": an admin runs a job on the server at once; the answer says how it ended.
create or replace function public.admin_run_scheduled_task(task text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  ran jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can run scheduled tasks' using errcode = '42501';
  end if;
  ran := app.run_scheduled_task(task, auth.uid());
  return jsonb_build_object(
    'type', case when ran ->> 'last_result' = 'success' then 'success' else 'error' end,
    'message', format('%s: %s', ran ->> 'label', ran ->> 'last_message'),
    'task', ran ->> 'name');
end;
$$;

revoke execute on function public.admin_run_scheduled_task(text) from public, anon;

grant execute on function public.admin_run_scheduled_task(text) to authenticated;

-- An admin sets how many days a job keeps what it makes (the backups).
create or replace function public.admin_set_task_keep_days(task text, days integer) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can change the scheduled tasks' using errcode = '42501';
  end if;
  if days is null or days < 1 or days > 3650 then
    raise exception 'Keep them between 1 and 3650 days.' using errcode = '22023';
  end if;
  update app.scheduled_tasks s set keep_days = days where s.name = task and s.keep_days is not null;
  if not found then
    raise exception 'The task "%" keeps nothing.', task using errcode = '22023';
  end if;
  return jsonb_build_object('type', 'success',
    'message', format('Backups are kept for %s %s.', days, case when days = 1 then 'day' else 'days' end));
end;
$$;

revoke execute on function public.admin_set_task_keep_days(text, integer) from public, anon;

grant execute on function public.admin_set_task_keep_days(text, integer) to authenticated;

-- On Supabase each job is a pg_cron job of the same name that runs it through
-- app.run_scheduled_task; they replace the retry and prune jobs that called the work directly.
-- `cron.schedule` with a name replaces the job of that name, so applying this again keeps one job.
do $$
declare
  t record;
begin
  if to_regnamespace('cron') is not null then
    if exists (select 1 from cron.job j where j.jobname = 'whatsapp-retries') then
      perform cron.unschedule('whatsapp-retries');
    end if;
    if exists (select 1 from cron.job j where j.jobname = 'cron-history-prune') then
      perform cron.unschedule('cron-history-prune');
    end if;
    for t in select s.name, s.cron from app.scheduled_tasks s loop
      perform cron.schedule(t.name, t.cron, format('select app.run_scheduled_task(%L)', t.name));
    end loop;
  end if;
end;
$$;

-- Backups that restore (issue 37): a scheduled 'database-backup' job. The backup itself is made
-- by the local host (a copy of PGlite's folder, or pg_dump of a PostgreSQL server, plus the stored
-- files): the job asks the host for it with a NOTIFY, and the host records the outcome (where the
-- backup went and its size) on the job's row when it is written. On a Supabase project pg_cron
-- runs the job like the others and it only says that Supabase keeps that project's backups.
-- How long backups are kept is a setting of the job, which the admins set in Scheduled Tasks.

-- How many days a job keeps what it makes (only the backup job has one).
alter table app.scheduled_tasks
  add column if not exists keep_days integer check (keep_days between 1 and 3650);

insert into app.scheduled_tasks (name, label, description, every_minutes, daily_at, cron, position, keep_days)
values ('database-backup', 'Database backup',
        'Backs up the database and the stored files on the centre''s own server, and deletes the backups older than the days to keep.',
        null, '02:00', '30 20 * * *', 5, 14)
on conflict (name) do nothing;

update app.scheduled_tasks t
   set next_run_at = app.next_task_run(t.every_minutes, t.daily_at, now())
 where t.name = 'database-backup' and t.last_started_at is null;

-- The job's part in the database: wake the host, which makes the backup and records it.
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

-- The Scheduled Tasks pane: every job with its schedule, last run, next run and, for the backup,
-- the days its backups are kept. Admins only.
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

-- On Supabase the new job is a pg_cron job of the same name, as the others are.
do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('database-backup', '30 20 * * *', 'select app.run_scheduled_task(''database-backup'')');
  end if;
end;
$$;

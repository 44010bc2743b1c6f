-- The real mail path of a Supabase project, as the last step of docs/deploy.md checks it: a queued
-- e-mail wakes the `outbox` function through pg_net, the function sends it, and pg_cron retries.
-- It queues one e-mail to the address given as `to`, waits for pg_net and the function, then
-- shows the jobs, what the function answered the database, and what became of the e-mail.
--
--   psql "$DB_URL" -v to=admin@example.org -f supabase/checks/mail-path.sql
--
-- tests/sql/supabase-shape.test.ts runs these statements on a Supabase-shaped database, where it
-- plays pg_net's worker and the function during the wait.

insert into public.email_outbox (recipients, subject, html_body, email_trigger)
values (array[:'to'], 'Deployment check',
        '<p>The centre''s e-mail leaves: the database woke the dispatcher, which sent this.</p>',
        'deploy-check');

-- pg_net sends after the insert commits; the function answers once it has sent the mail.
select pg_sleep(20);

-- 1. The jobs: outbox-retries every minute, whatsapp-windows every 15 minutes, prune daily.
select jobname, schedule, command, active from cron.job order by jobname;

-- 2. What the function answered the database, newest first: 200 and "Sent 1, ...". 403: the
-- function secret OUTBOX_SECRET differs from Vault's outbox_secret; 404: no function at
-- outbox_url; 503 mail_not_configured: the function secret SMTP_URL is missing.
select id, status_code, timed_out, error_msg, left(content, 160) as answer, created
  from net._http_response order by created desc limit 3;

-- 3. The e-mail: `sent` (and in the mailbox of `to`), or why not.
select status, attempts, last_error, deliveries
  from public.email_outbox where email_trigger = 'deploy-check'
 order by created_at desc limit 1;

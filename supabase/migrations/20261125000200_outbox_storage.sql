-- The e-mail outbox every e-mail of the app goes through, the dispatcher's RPCs, and the storage
-- buckets with their policies. Runs unchanged on Supabase and on the local host.

-- ---------------------------------------------------------------------------------------------
-- E-mail outbox (ARCHITECTURE.md, "Data and sync"): one row per message, written by staff (also
-- offline, through sync) or by server code, and carried out exactly once by the `outbox` edge
-- function. The status shows where each message is: queued, sending (claimed, with a lease),
-- sent, or failed with the reason.
-- ---------------------------------------------------------------------------------------------
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
    'Contribution Receipt'
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
  created_at timestamptz not null default now()
);
alter table public.email_outbox enable row level security;
create index if not exists email_outbox_due_idx on public.email_outbox (next_attempt_at) where status = 'queued';
create index if not exists email_outbox_lease_idx on public.email_outbox (lease_until) where status = 'sending';
create index if not exists email_outbox_triggered_by_idx on public.email_outbox (triggered_by);

-- People write only the message itself; its delivery state belongs to the dispatcher.
revoke all on public.email_outbox from anon, authenticated;
grant select on public.email_outbox to authenticated;
grant insert (id, sender, recipients, cc, subject, html_body, attachments, email_type, email_trigger, triggered_by)
  on public.email_outbox to authenticated;
grant all on public.email_outbox to service_role;

-- Office staff send mail in their own name, so the admin log shows who sent what.
create policy "Staff can queue e-mails as themselves"
  on public.email_outbox for insert to authenticated
  with check ((select app.is_staff()) and triggered_by = (select auth.uid()));

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

drop trigger if exists email_outbox_queued on public.email_outbox;
create trigger email_outbox_queued
  after insert on public.email_outbox
  for each row execute function app.notify_email_outbox();

drop trigger if exists email_outbox_requeued on public.email_outbox;
create trigger email_outbox_requeued
  after update of status on public.email_outbox
  for each row when (old.status = 'failed' and new.status = 'queued')
  execute function app.notify_email_outbox();

-- Hands the dispatcher up to `batch` messages that are due: queued ones whose retry time has
-- come, and `sending` ones whose dispatcher died (lease over). Each is moved to `sending` with a
-- lease and its attempt counted, under `for update skip locked`, so two dispatchers never get the
-- same message. A message whose dispatcher died on its last allowed attempt fails for good.
create or replace function public.outbox_claim(batch integer default 10, lease_seconds integer default 300)
returns setof public.email_outbox
language plpgsql security definer set search_path = ''
as $$
begin
  update public.email_outbox o
     set status = 'failed',
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

-- The SMTP server accepted the message. Whatever happened to the row meanwhile, it was sent.
create or replace function public.outbox_mark_sent(id text, message_id text)
returns boolean
language sql security definer set search_path = ''
as $$
  with done as (
    update public.email_outbox o
       set status = 'sent', sent_at = now(), message_id = outbox_mark_sent.message_id,
           lease_until = null, last_error = null
     where o.id = outbox_mark_sent.id and o.status <> 'sent'
    returning 1)
  select count(*) > 0 from done
$$;

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

revoke execute on function public.outbox_claim(integer, integer), public.outbox_mark_sent(text, text),
  public.outbox_mark_failed(text, text, boolean) from public, anon, authenticated;
grant execute on function public.outbox_claim(integer, integer), public.outbox_mark_sent(text, text),
  public.outbox_mark_failed(text, text, boolean) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Storage buckets. `documents` holds family and inquiry documents (private); `public` holds
-- images shown on the website and in the app to anyone. Limits are also in config.toml.
-- ---------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('documents', 'documents', false, 10485760,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']),
  ('public', 'public', true, 5242880,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Office staff handle every family's and inquiry's documents.
create policy "Staff can read all documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()));
create policy "Staff can add documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (select app.is_staff()));
create policy "Staff can replace documents"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()))
  with check (bucket_id = 'documents' and (select app.is_staff()));
create policy "Staff can delete documents"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()));

-- A member (not blocked) keeps their own documents in the folder named by their account id.
create policy "Members can read documents in their own folder"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Members can add documents to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (select app.role()) is not null
              and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Members can replace documents in their own folder"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'documents' and (select app.role()) is not null
              and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Members can delete documents in their own folder"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text);

-- The public bucket is readable (and listable) by anyone; only staff change it.
create policy "Anyone can read the public bucket"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'public');
create policy "Staff can add to the public bucket"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'public' and (select app.is_staff()));
create policy "Staff can replace files in the public bucket"
  on storage.objects for update to authenticated
  using (bucket_id = 'public' and (select app.is_staff()))
  with check (bucket_id = 'public' and (select app.is_staff()));
create policy "Staff can delete from the public bucket"
  on storage.objects for delete to authenticated
  using (bucket_id = 'public' and (select app.is_staff()));

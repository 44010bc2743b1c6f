-- The outbox tells the truth about every recipient (issue 20): what the mail server answered for
-- each address is kept on the row, only the addresses it deferred (4xx) are tried again, the ones
-- it refused for good (5xx) are recorded as failed for that address, and a message that went out
-- after earlier failures keeps its history. A mail server that refuses the login, cannot be
-- reached or fails TLS is the server's problem, not the messages': they stay queued, no attempt is
-- counted, and the admins get one system error.

-- What the server answered for each address of the message (recipients and copies), keyed by the
-- address in lower case: {"status": "sent" | "retrying" | "refused", "code", "reason", "at"}.
-- An address missing from it has not been answered yet. Written by the dispatcher only (the
-- column is not in the insert grant of `authenticated`).
alter table public.email_outbox
  add column if not exists deliveries jsonb not null default '{}'::jsonb
    check (jsonb_typeof(deliveries) = 'object');

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

revoke execute on function public.outbox_record_send(text, text, text[], jsonb),
  public.outbox_server_trouble(text, text, text) from public, anon, authenticated;
grant execute on function public.outbox_record_send(text, text, text[], jsonb),
  public.outbox_server_trouble(text, text, text) to service_role;

-- An e-mail that could not be delivered is an error for the admins, and so is one that reached
-- some of its addresses but was refused for good by others; the first refusal of one that will be
-- retried is a warning, so a mail server that keeps refusing is noticed early. A message put back
-- in the queue because the server itself failed (its attempt taken back) warns nobody: that
-- problem has its own error.
create or replace function app.log_outbox_trouble() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  what text := format('"%s" to %s', new.subject, array_to_string(new.recipients || new.cc, ', '));
  details jsonb := jsonb_build_object('emailId', new.id, 'type', new.email_type,
                                      'attempts', new.attempts, 'reason', new.last_error);
  refused text;
begin
  if new.status = 'failed' then
    insert into public.system_errors (source, message, details)
    values ('e-mail', left(format('The e-mail %s could not be sent: %s', what,
                                  coalesce(new.last_error, 'unknown error')), 2000), details);
  elsif new.status = 'sent' then
    select string_agg(e.key || ' (' || (e.value ->> 'reason') || ')', ', ' order by e.key)
      into refused
      from jsonb_each(new.deliveries) e where e.value ->> 'status' = 'refused';
    if refused is not null then
      insert into public.system_errors (source, message, details)
      values ('e-mail', left(format('The e-mail %s was sent, but not delivered to %s', what, refused),
                             2000), details);
    end if;
  elsif new.status = 'queued' and old.status = 'sending' and new.last_error is not null
        and new.attempts = 1 and old.attempts = new.attempts then
    insert into public.system_warnings (source, message, details)
    values ('e-mail', left(format('The e-mail %s was not accepted (%s); it will be tried again.',
                                  what, new.last_error), 2000), details);
  end if;
  return null;
end;
$$;

-- One page of e-mails for the Node Mailer pane, now with when a queued one is tried next, what
-- the server answered for each address, and the open mail server problem (the reason queued
-- e-mails are not leaving), if any.
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
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows, 'serverProblem', trouble);
end;
$$;

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

-- Hands the dispatcher up to `batch` messages that are due (unchanged, see the outbox migration),
-- except that a message whose dispatcher died on its last allowed attempt after some addresses
-- took it ends `sent` rather than `failed`, its deferred addresses given up.
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

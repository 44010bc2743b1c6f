-- Mail security (issue 29, items 0, 4, 7 and 11).
-- * One-time links are for their addressee only: account e-mails' links and codes are hidden from
--   whoever reads the log (app.hide_one_time_codes, in admin_email_body and in every System Error
--   and Warning as it is written), and `authenticated` may no longer read a message's body or
--   attachments from the table (Supabase serves it at /rest/v1/email_outbox); the two mail log
--   functions run as their owner for that.
-- * A payment's receipt e-mail is the server's: the payment keeps no e-mail of the device's; the
--   receipt goes to the family's guardians only, from a member whose sending is on (else the
--   payment is refused with the reason), and the dispatcher writes it from the centre's template
--   (`compose`, outbox_receipt_mail, outbox_compose).
-- * Webmail goes from the sender's own account (any one for an admin; admission steps too), at most
--   200 addresses an hour per person, typed by the server from what is sent (the `email_type`
--   argument is gone).
-- * Nobody writes the outbox directly: the staff insert policy and grant are gone.

set check_function_bodies = off;

alter table public.email_outbox
  add column if not exists compose jsonb check (compose is null or jsonb_typeof(compose) = 'object');

drop policy if exists "Staff can queue e-mails as themselves" on public.email_outbox;

revoke all on public.email_outbox from anon, authenticated;

grant select (id, sender, recipients, cc, subject, email_type, email_trigger, triggered_by, status,
              attempts, next_attempt_at, lease_until, last_error, message_id, sent_at, created_at,
              deliveries)
  on public.email_outbox to authenticated;

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

-- One page of e-mails for the Node Mailer pane, now with when a queued one is tried next, what
-- the server answered for each address, the open mail server problem (the reason queued e-mails
-- are not leaving), if any, and the mail that waits untried (`stalled`: how many, since when, and
-- how the dispatcher is woken), which no mail server problem reports when the dispatcher never runs.
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

drop function if exists public.webmail(text, text[], text[], text, text, jsonb, text, text);

-- webmail(sender, recipient list, cc, subject, htmlBody, attachments, trigger): queues the message
-- as the signed-in member of staff, from their own sender account (any one for an admin). What is
-- sent is named by the trigger: 'webmail' (written freely), a template ('meeting', 'trial',
-- 'admission', 'enrolment', 'feeReceipt', 'contributionReceipt') or 'paymentReminder'; the server
-- sets the e-mail type from it (meeting and trial: Inquiry; admission and enrolment: Admissions;
-- the rest Webmail: a real receipt is the payment's own). One person reaches at most 200 addresses
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
    when 'paymentReminder' then 'Webmail'
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
             'contentType', coalesce(nullif(i ->> 'contentType', ''), 'application/octet-stream'))), '[]'::jsonb)
             from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) i),
          kind, webmail.email_trigger, auth.uid());
  return jsonb_build_object('type', 'success',
                            'message', 'Email sent to ' || array_to_string(recipients, ', '));
end;
$$;

revoke execute on function public.webmail(text, text[], text[], text, text, jsonb, text) from public, anon;

grant execute on function public.webmail(text, text[], text[], text, text, jsonb, text) to authenticated;

-- System Errors and Warnings never keep a one-time link or code (a failure while queueing an
-- account e-mail could carry its link): they are hidden as the entry is written, whoever writes it
-- (app.hide_one_time_codes), so neither the admins' log nor a direct read of the table shows them.
create or replace function app.hide_codes_in_log() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.message := app.hide_one_time_codes(new.message);
  new.details := app.hide_one_time_codes(new.details::text)::jsonb;
  return new;
end;
$$;

revoke execute on function app.hide_codes_in_log() from public, anon, authenticated;

create trigger system_errors_hide_codes before insert on public.system_errors
  for each row execute function app.hide_codes_in_log();

create trigger system_warnings_hide_codes before insert on public.system_warnings
  for each row execute function app.hide_codes_in_log();

create or replace function app.payments_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  student_family text;
begin
  -- The receipt e-mail is the server's to write (payments_queue_receipt): an e-mail a device
  -- sends with the payment is not kept.
  new.data := new.data - 'email';
  if tg_op = 'UPDATE' then
    new.receipt_number := old.receipt_number;
    -- Sync's own bookkeeping (numbering the change at commit) is no change to the payment.
    if (new.family_id, new.student_id, new.kind, new.status, new.data, new._deleted)
       is not distinct from (old.family_id, old.student_id, old.kind, old.status, old.data, old._deleted) then
      return new;
    end if;
    if new._deleted and not old._deleted and old.status = 'recorded' then
      raise exception 'A recorded payment has its receipt: set it aside instead of removing it.'
        using errcode = 'P0001';
    end if;
    if new.family_id is distinct from old.family_id or new.student_id is distinct from old.student_id
       or new.kind is distinct from old.kind then
      raise exception 'A payment stays with its family and student: set it aside and record it again.'
        using errcode = 'P0001';
    end if;
  else
    new.receipt_number := null;
  end if;

  -- Server code (the seed, the service role) has no signed-in person and is trusted like staff.
  if auth.uid() is not null and not app.is_staff() then
    -- A guardian reports a payment of their own family; the office does the rest.
    if tg_op = 'UPDATE' then
      raise exception 'Only the office can change a payment.' using errcode = '42501';
    end if;
    if new.status <> 'reported' then
      raise exception 'A family reports a payment; the office records it.' using errcode = '42501';
    end if;
    new.data := new.data || jsonb_build_object('sendEmail', false);
  end if;

  if tg_op = 'UPDATE' and old.status = 'recorded' then
    if new.status = 'reported' then
      raise exception 'A recorded payment cannot go back to waiting.' using errcode = 'P0001';
    end if;
    if (new.data - 'note' - 'sendEmail' - 'email') is distinct from (old.data - 'note' - 'sendEmail' - 'email') then
      raise exception 'A recorded payment has its receipt: set it aside and record it again.'
        using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'UPDATE' and old.status = 'void' and new.status <> 'void' then
    raise exception 'A payment set aside stays set aside: record it again.' using errcode = 'P0001';
  end if;

  if new.student_id is not null then
    select s.family_id into student_family from public.students s where s.id = new.student_id;
    if student_family is distinct from new.family_id then
      raise exception 'The student is not a child of this family.' using errcode = 'P0001';
    end if;
  end if;
  if new.kind = 'fee' and (new.data ->> 'paymentType') is null then
    raise exception 'A fee has its type.' using errcode = 'P0001';
  end if;
  if new.kind = 'contribution' and (new.data ->> 'contributionType') is null then
    raise exception 'A contribution has its type.' using errcode = 'P0001';
  end if;

  -- Recording gives the receipt its number, once: a payment set aside later keeps it (no gaps).
  if new.status = 'recorded' and new.receipt_number is null then
    new.receipt_number := app.next_receipt_number(new.data ->> 'feeYear');
  end if;
  return new;
end;
$$;

revoke execute on function app.payments_guard() from public, anon, authenticated;

-- Where a family's receipts go: the addresses on the family record's guardians, in lower case,
-- each once, in the record's order, at most 10 (a family lists a few guardians; the record is the
-- family's to edit, so the number is bounded here).
create or replace function app.receipt_addresses(family text) returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(a.address order by a.first), '{}')
    from (select lower(btrim(g.value ->> 'email')) as address, min(g.n) as first
            from public.families f,
                 jsonb_array_elements(case when jsonb_typeof(f.data -> 'guardians') = 'array'
                                           then f.data -> 'guardians' else '[]'::jsonb end)
                   with ordinality as g(value, n)
           where f.id = receipt_addresses.family and not f._deleted
             and jsonb_typeof(g.value) = 'object'
             and lower(btrim(g.value ->> 'email')) ~ '^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,63}$'
           group by 1
           order by 2
           limit 10) a
$$;

revoke execute on function app.receipt_addresses(text) from public, anon, authenticated;

-- The receipt e-mail, queued once when a payment is recorded with "send e-mail" on. Its id is the
-- payment's, so a push sent twice queues nothing more. It goes to the family's own guardians
-- (app.receipt_addresses), only from a member whose e-mail sending is on (a payment that asks
-- for it otherwise is refused with the reason), and the dispatcher writes it from the centre's
-- receipt template and the payment just before sending it (`compose`); until then the log shows
-- that it waits to be written.
create or replace function app.payments_queue_receipt() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  addresses text[];
begin
  if new.status <> 'recorded' or (tg_op = 'UPDATE' and old.status = 'recorded') then
    return null;
  end if;
  if coalesce((new.data ->> 'sendEmail')::boolean, false) is not true then
    return null;
  end if;
  -- Server code (the seed, the service role) has no signed-in person and no switch.
  if auth.uid() is not null and not app.may_send_email() then
    raise exception 'E-mail sending is turned off for your account: record the payment without e-mailing the receipt, or ask an admin to turn it on in Members.'
      using errcode = '42501';
  end if;
  addresses := app.receipt_addresses(new.family_id);
  if cardinality(addresses) = 0 then
    raise exception 'The family has no e-mail address: add one to a guardian to e-mail receipts.'
      using errcode = 'P0001';
  end if;
  insert into public.email_outbox (id, recipients, subject, html_body, attachments, email_type,
                                   email_trigger, triggered_by, compose)
  values (
    'receipt-' || new.id,
    addresses,
    'Receipt ' || new.receipt_number,
    '<p>This receipt e-mail is written from the centre''s template when it is sent.</p>',
    jsonb_build_array(jsonb_build_object('receipt', new.id)),
    case when new.kind = 'fee' then 'Payment Receipt' else 'Contribution Receipt' end,
    case when new.kind = 'fee' then 'Fee receipt' else 'Contribution receipt' end,
    auth.uid(),
    jsonb_build_object('receipt', new.id)
  )
  on conflict (id) do nothing;
  return null;
end;
$$;

revoke execute on function app.payments_queue_receipt() from public, anon, authenticated;

-- What the dispatcher writes a receipt e-mail from (the outbox row's `compose`): the payment (its
-- kind, receipt number and data), the centre's own version of the receipt template if it has one,
-- and the name of the member who recorded it (the signature). Null when the payment is gone or
-- not recorded. Service role only.
create or replace function public.outbox_receipt_mail(email text) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
           'kind', p.kind,
           'number', p.receipt_number,
           'data', p.data - 'email',
           'template', (select jsonb_build_object('subject', t.subject, 'html', t.html)
                          from public.email_templates t
                         where t.name = case when p.kind = 'fee' then 'feeReceipt'
                                             else 'contributionReceipt' end),
           'senderName', (select nullif(btrim(m.name), '') from public.members m
                           where m.id = o.triggered_by))
    from public.email_outbox o
    join public.payments p on p.id = o.compose ->> 'receipt'
   where o.id = outbox_receipt_mail.email and p.status = 'recorded' and not p._deleted
$$;

revoke execute on function public.outbox_receipt_mail(text) from public, anon, authenticated;

grant execute on function public.outbox_receipt_mail(text) to service_role;

-- Receipts queued before this build and not tried yet: the server writes them and addresses them to
-- the family's guardians, as it does now (what a device wrote is not sent); one whose family has
-- no address is not sent, with the reason.
update public.email_outbox o
   set compose = jsonb_build_object('receipt', p.id),
       recipients = app.receipt_addresses(p.family_id)
  from public.payments p
 where o.id = 'receipt-' || p.id and o.status = 'queued' and o.attempts = 0 and o.compose is null
   and cardinality(app.receipt_addresses(p.family_id)) > 0;

update public.email_outbox o
   set status = 'failed',
       last_error = 'Not sent: the family has no e-mail address (receipts go to the guardians on the family record).'
 where o.id like 'receipt-%' and o.status = 'queued' and o.attempts = 0 and o.compose is null;

-- Every step of a changed inquiry that the server has not seen yet. A step's e-mail goes from the
-- sender account of the member who takes it (O07; an admin chooses any): app.sender_for.
create or replace function app.inquiry_steps_carry_out() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  step jsonb;
begin
  if jsonb_typeof(new.data -> 'steps') is distinct from 'array' then
    return null;
  end if;
  if jsonb_array_length(new.data -> 'steps') > 60 then
    raise exception 'An inquiry keeps at most 60 admission steps.' using errcode = '22023';
  end if;
  for step in select value from jsonb_array_elements(new.data -> 'steps') loop
    if jsonb_typeof(step) <> 'object' then
      raise exception 'An admission step is a record.' using errcode = '22023';
    end if;
    continue when exists (select 1 from public.admission_steps s where s.id = step ->> 'id');
    if app.is_staff() and jsonb_typeof(step -> 'mail') = 'object' then
      perform app.sender_for(step #>> '{mail,sender}');
    end if;
    perform app.carry_out_admission_step(new, step);
  end loop;
  return null;
end;
$$;

revoke execute on function app.inquiry_steps_carry_out() from public, anon, authenticated;

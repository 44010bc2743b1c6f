-- A fee reminder is logged as its own e-mail type, Payment Reminder, not Webmail (issue 40): Node
-- Mailer filters it and the admins' counts count it. The reminders already sent take the type too.
alter table public.email_outbox drop constraint email_outbox_email_type_check;

alter table public.email_outbox add constraint email_outbox_email_type_check check (email_type in (
  'Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt', 'Webmail', 'Members',
  'Contribution Receipt', 'Payment Reminder'));

update public.email_outbox set email_type = 'Payment Reminder'
 where email_trigger = 'paymentReminder' and email_type = 'Webmail';

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
                            'message', 'E-mail queued for ' || array_to_string(recipients, ', ')
                                       || '; it goes out when the mail server takes it');
end;
$$;

revoke execute on function public.webmail(text, text[], text[], text, text, jsonb, text) from public, anon;

grant execute on function public.webmail(text, text[], text[], text, text, jsonb, text) to authenticated;

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

create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the centre''s counts' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'paginationLimit', app.page_size(),
    'members', (
      select jsonb_build_object(
        'memberCount', count(*),
        'guardians', count(*) filter (where m.role = 'guardian'),
        'students', count(*) filter (where m.role = 'student'),
        'facilitators', count(*) filter (where m.role = 'facilitator' or m.extra = 'pf'),
        'administration', count(*) filter (where m.role in ('administration', 'admission', 'admin')),
        'members', count(*) filter (where m.role = 'member'),
        'blocked', count(*) filter (where m.status = 'blocked'))
        from public.members m),
    'accounts', (
      select jsonb_build_object(
        'users', count(*),
        'unverified', count(*) filter (where u.email_confirmed_at is null))
        from auth.users u where u.deleted_at is null),
    'facilitatorsAll', (select count(*) from public.facilitators),
    'functionErrors', (select count(*) from public.system_errors e where e.dismissed_at is null),
    'systemWarnings', (select count(*) from public.system_warnings w where w.dismissed_at is null),
    'backendEmails', (select count(*) from public.email_outbox),
    'emailsFailed', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'emailsQueued', (select count(*) from public.email_outbox o where o.status in ('queued', 'sending')),
    'mailServer', (select t.configured from app.mail_transport t),
    'emailTypes', (
      select jsonb_object_agg(t.type, (select count(*) from public.email_outbox o
                                        where o.email_type = t.type))
        from unnest(array['Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt',
                          'Webmail', 'Members', 'Contribution Receipt',
                          'Payment Reminder']) as t(type))
  );
end;
$$;

revoke execute on function public.admin_overview() from public;

grant execute on function public.admin_overview() to authenticated;

-- A fee reminder carries the UPI QR code as an inline image its HTML shows by Content-ID
-- (issue 40): webmail() keeps an attachment's `cid` (letters, digits and . @ - _ only, so it cannot
-- reach a header as anything else), and the dispatcher sends such a part inline. The rest of the
-- function is as 20261128060200_payment_reminder_type.sql left it.
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

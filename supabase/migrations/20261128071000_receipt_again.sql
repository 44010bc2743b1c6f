-- A recorded payment's receipt e-mailed again from the office's payment list (issue 40).

-- A recorded payment's receipt e-mailed again (issue 40): the office's payment list offers it when
-- a family lost the first or a guardian joined later. The copy is queued like the first (to the
-- family's guardians, written from the centre's template with the PDF attached when it goes out)
-- by a member whose e-mail sending is on. A copy still waiting to be sent is not queued twice, and
-- one receipt is sent again at most 20 times, so a mail server that is down or a double press
-- piles nothing up. Staff only.
create or replace function public.resend_receipt(payment text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.payments;
  addresses text[];
  receipt jsonb;
begin
  if not app.is_staff() then
    raise exception 'Only the office e-mails receipts.' using errcode = '42501';
  end if;
  if not app.may_send_email() then
    raise exception 'E-mail sending is turned off for your account. An admin can turn it on in Members.'
      using errcode = '42501';
  end if;
  select * into p from public.payments x where x.id = resend_receipt.payment and not x._deleted;
  if not found or p.status <> 'recorded' or p.receipt_number is null then
    raise exception 'Only a recorded payment has a receipt to e-mail.' using errcode = 'P0001';
  end if;
  addresses := app.receipt_addresses(p.family_id);
  if cardinality(addresses) = 0 then
    raise exception 'The family has no e-mail address: add one to a guardian to e-mail receipts.'
      using errcode = 'P0001';
  end if;
  receipt := jsonb_build_array(jsonb_build_object('receipt', p.id));
  -- One receipt's copies are queued one at a time, so two presses cannot both pass the checks.
  perform pg_advisory_xact_lock(hashtextextended('receipt-again|' || p.id, 0));
  if exists (select 1 from public.email_outbox o
              where o.attachments @> receipt and o.status in ('queued', 'sending')) then
    raise exception 'Receipt % is already waiting to be sent to the family.', p.receipt_number
      using errcode = 'P0001';
  end if;
  if (select count(*) from public.email_outbox o
       where o.attachments @> receipt and o.email_trigger like '% again') >= 20 then
    raise exception 'Receipt % has been e-mailed again 20 times: ask the family for another address.',
      p.receipt_number using errcode = 'P0001';
  end if;
  insert into public.email_outbox (recipients, subject, html_body, attachments, email_type,
                                   email_trigger, triggered_by, compose)
  values (
    addresses,
    'Receipt ' || p.receipt_number,
    '<p>This receipt e-mail is written from the centre''s template when it is sent.</p>',
    receipt,
    case when p.kind = 'fee' then 'Payment Receipt' else 'Contribution Receipt' end,
    case when p.kind = 'fee' then 'Fee receipt again' else 'Contribution receipt again' end,
    auth.uid(),
    jsonb_build_object('receipt', p.id));
  return jsonb_build_object('number', p.receipt_number, 'recipients', to_jsonb(addresses));
end;
$$;

revoke execute on function public.resend_receipt(text) from public, anon;

grant execute on function public.resend_receipt(text) to authenticated;

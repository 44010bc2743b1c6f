-- Fees and contributions: payments replicated to the office and to each family, receipt numbers
-- per fee year without gaps, the receipt e-mail queued once the server accepts a payment, and the
-- fee overview.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- Receipt numbers (J28): one counter per fee year ('2026-27'), kept server-side. The next number
-- is taken in the same transaction that records the payment: the counter row stays locked until
-- that transaction ends, so concurrent payments wait their turn (no duplicates) and a payment
-- that rolls back gives its number back (no gaps), which a sequence would not.
create table if not exists app.receipt_counters (
  fee_year text primary key check (fee_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_number integer not null check (last_number > 0)
);

alter table app.receipt_counters enable row level security;

revoke all on app.receipt_counters from public, anon, authenticated;

-- The receipt number as printed: '2026-27/0007' (four digits at least, more when a year needs them).
create or replace function app.next_receipt_number(fee_year text)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if fee_year is null or fee_year !~ '^[0-9]{4}-[0-9]{2}$' then
    raise exception 'Not a fee year: %', fee_year using errcode = '22023';
  end if;
  insert into app.receipt_counters as c (fee_year, last_number)
  values (next_receipt_number.fee_year, 1)
  on conflict on constraint receipt_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into n;
  return next_receipt_number.fee_year || '/' || lpad(n::text, greatest(4, length(n::text)), '0');
end;
$$;

revoke execute on function app.next_receipt_number(text) from public, anon, authenticated;

create table if not exists public.payments (
  id text primary key check (length(id) between 1 and 64),
  family_id text not null check (length(family_id) between 1 and 64),
  student_id text check (length(student_id) between 1 and 64),
  kind text not null,
  status text not null default 'recorded',
  receipt_number text,
  data jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint payments_kind_known check (kind in ('fee', 'contribution')),
  constraint payments_status_known check (status in ('reported', 'recorded', 'void')),
  constraint payments_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint payments_fee_has_student check (
    case when kind = 'contribution' then student_id is null
         else student_id is not null or coalesce(data ->> 'paymentType', '') in ('Admission Fee', 'Deposit') end),
  constraint payments_deposit_known check (
    data -> 'deposit' is null
    or (data ->> 'paymentType' = 'Deposit' and jsonb_typeof(data -> 'deposit') = 'object'
        and data #>> '{deposit,status}' in ('held', 'returned', 'kept')
        and length(coalesce(data #>> '{deposit,note}', '')) <= 500)),
  constraint payments_amount_valid check (
    jsonb_typeof(data -> 'amount') = 'number'
    and (data ->> 'amount')::numeric > 0 and (data ->> 'amount')::numeric <= 10000000),
  constraint payments_fee_year_valid check (coalesce(data ->> 'feeYear', '') ~ '^[0-9]{4}-[0-9]{2}$'),
  constraint payments_date_valid check (coalesce(data ->> 'paymentDate', '') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  constraint payments_recorded_have_a_receipt check (status <> 'recorded' or receipt_number is not null)
);

comment on constraint payments_fee_has_student on public.payments is
  'A fee is paid for one student (the admission fee and deposit may come before the child is one); a contribution comes from the family.';

comment on constraint payments_deposit_known on public.payments is
  'Only a deposit is held, returned or kept.';

comment on constraint payments_amount_valid on public.payments is
  'A payment is an amount above 0 and at most ₹1,00,00,000.';

comment on constraint payments_fee_year_valid on public.payments is
  'A payment counts in a fee year such as 2026-27.';

comment on constraint payments_date_valid on public.payments is
  'A payment has the date it was received.';

alter table public.payments enable row level security;

create index if not exists payments_family_idx on public.payments (family_id);

create index if not exists payments_student_idx on public.payments (student_id);

create unique index if not exists payments_receipt_number_key on public.payments (receipt_number);

create trigger payments_touch before insert or update on public.payments
  for each row execute function app.touch_updated();

select app.register_sync_table('payments', array['receipt_number', 'updated_at', 'updated_by']);

create or replace function app.payments_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  student_family text;
  earlier record;
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
    -- An admission fee or deposit paid before the child was a student becomes the student's at
    -- enrolment (issue 40); otherwise a payment keeps its family and student.
    if new.family_id is distinct from old.family_id or new.kind is distinct from old.kind
       or (new.student_id is distinct from old.student_id
           and not (old.student_id is null and new.student_id is not null
                    and coalesce(old.data ->> 'paymentType', '') in ('Admission Fee', 'Deposit'))) then
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
    -- A limit no family reaches by paying, only by flooding the office's list.
    if (select count(*) from public.payments p
         where p.family_id = new.family_id and p.status = 'reported' and not p._deleted) >= 20 then
      raise exception 'Your family has 20 payments waiting for the office: please wait until they are confirmed.'
        using errcode = 'P0001';
    end if;
    -- The admission fee and the deposit are the office's to record (from the admission step).
    if coalesce(new.data ->> 'paymentType', '') in ('Admission Fee', 'Deposit') then
      raise exception 'The office records the admission fee and the deposit.' using errcode = '42501';
    end if;
    new.data := new.data || jsonb_build_object('sendEmail', false);
  end if;

  -- A deposit is held when it is paid; the office returns or keeps it afterwards (issue 40).
  if tg_op = 'INSERT' and coalesce(new.data #>> '{deposit,status}', 'held') <> 'held' then
    raise exception 'A deposit is held when it is paid: return or keep it afterwards.' using errcode = 'P0001';
  end if;

  if tg_op = 'UPDATE' and old.status = 'recorded' then
    if new.status = 'reported' then
      raise exception 'A recorded payment cannot go back to waiting.' using errcode = 'P0001';
    end if;
    if (new.data - 'note' - 'sendEmail' - 'email' - 'deposit')
       is distinct from (old.data - 'note' - 'sendEmail' - 'email' - 'deposit') then
      raise exception 'A recorded payment has its receipt: set it aside and record it again.'
        using errcode = 'P0001';
    end if;
    -- A deposit is returned to the family or kept by the centre once, on a day from its payment
    -- on (issue 40); what was decided stays.
    if (new.data -> 'deposit') is distinct from (old.data -> 'deposit') then
      if coalesce(old.data ->> 'paymentType', '') <> 'Deposit' then
        raise exception 'Only a deposit is returned or kept.' using errcode = 'P0001';
      end if;
      if coalesce(old.data #>> '{deposit,status}', 'held') <> 'held' then
        raise exception 'This deposit was % on % already.', old.data #>> '{deposit,status}',
          coalesce(old.data #>> '{deposit,date}', 'an earlier day') using errcode = 'P0001';
      end if;
      if coalesce(new.data #>> '{deposit,status}', '') not in ('returned', 'kept')
         or not app.is_date(new.data #>> '{deposit,date}') then
        raise exception 'Say whether the deposit was returned or kept, and on which day.'
          using errcode = 'P0001';
      end if;
      if (new.data #>> '{deposit,date}') < (old.data ->> 'paymentDate') then
        raise exception 'A deposit is returned or kept on or after the day it was paid (%).',
          old.data ->> 'paymentDate' using errcode = 'P0001';
      end if;
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
  -- How it was paid (J04, PAYMENT_OPTIONS of sync/contract/fee-kinds.ts): the receipt prints it.
  if coalesce(new.data ->> 'paymentOption', '') not in ('Cash', 'UPI', 'Indian Bank Transfer',
                                                      'Federal Bank Transfer') then
    raise exception 'Choose how the payment was made.' using errcode = 'P0001';
  end if;

  -- A month's fee (a term's, a year's) is recorded once per student (issue 30): two devices that
  -- each recorded it offline would otherwise both number and e-mail a receipt. The second is
  -- refused with who recorded the first and when, before it is numbered or e-mailed; the person
  -- keeps both as instalments (the device sends it again marked `instalment`) or drops theirs.
  -- The lock makes payments of one period wait for each other, so two at once cannot both pass.
  if new.kind = 'fee' and new.status = 'recorded' and new.receipt_number is null
     and new.data -> 'period' ->> 'key' is not null
     and coalesce(new.data ->> 'instalment', '') <> 'true' and not new._deleted then
    perform pg_advisory_xact_lock(hashtextextended(
      concat_ws('|', 'payment-period', new.student_id, new.data ->> 'paymentType',
                new.data ->> 'feeYear', new.data -> 'period' ->> 'key'), 0));
    select p.receipt_number, p.updated_at, nullif(btrim(m.name), '') as by_name
      into earlier
      from public.payments p
      left join public.members m on m.id = p.updated_by
     where p.id <> new.id and p.kind = 'fee' and p.status = 'recorded' and not p._deleted
       and p.student_id = new.student_id
       and p.data ->> 'paymentType' = new.data ->> 'paymentType'
       and p.data ->> 'feeYear' = new.data ->> 'feeYear'
       and p.data -> 'period' ->> 'key' = new.data -> 'period' ->> 'key'
     order by p.receipt_number
     limit 1;
    if found then
      raise exception '% (%) for % is already recorded by % on %, receipt %: keep both as two instalments, or drop yours.',
        coalesce(new.data -> 'period' ->> 'label', new.data -> 'period' ->> 'key'),
        new.data ->> 'paymentType',
        coalesce(nullif(btrim(new.data ->> 'studentName'), ''), 'the student'),
        coalesce(earlier.by_name, 'the office'),
        to_char(earlier.updated_at at time zone 'Asia/Kolkata', 'FMDD Mon YYYY'),
        earlier.receipt_number
        using errcode = 'P0001', hint = 'payment_period_recorded';
    end if;
  end if;

  -- Recording gives the receipt its number, once: a payment set aside later keeps it (no gaps).
  if new.status = 'recorded' and new.receipt_number is null then
    new.receipt_number := app.next_receipt_number(new.data ->> 'feeYear');
  end if;
  return new;
end;
$$;

revoke execute on function app.payments_guard() from public, anon, authenticated;

create trigger payments_guard before insert or update on public.payments
  for each row execute function app.payments_guard();

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

create trigger payments_queue_receipt after insert or update on public.payments
  for each row execute function app.payments_queue_receipt();

revoke all on public.payments from anon;

revoke delete, truncate, references, trigger on public.payments from authenticated;

grant select, insert, update on public.payments to authenticated;

grant all on public.payments to service_role;

create policy "Office staff and the family's guardians read the family's payments" on public.payments
  for select to authenticated
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]));

create policy "Office staff record payments; guardians report their family's" on public.payments
  for insert to authenticated
  with check ((select app.is_staff())
              or (family_id = any ((select app.my_family_ids())::text[]) and status = 'reported'));

create policy "Office staff change payments" on public.payments
  for update to authenticated
  using ((select app.is_staff()))
  with check ((select app.is_staff()));

create trigger writes_go_through_functions before insert or update or delete
  on public.payments for each statement execute function app.writes_go_through_functions();

create or replace function public.family_fees()
returns table (student_id text, name text, monthly_fee numeric, start_date text, enrolled_at text,
               terminated_at text)
language sql stable security definer set search_path = ''
as $$
  select s.id, s.name,
         coalesce((t.data ->> 'amount')::numeric, (gt.data ->> 'amount')::numeric, 0),
         s.enrolment ->> 'startDate', s.enrolment ->> 'enrolledAt',
         case when s.status = 'terminated' then s.enrolment ->> 'terminatedAt' end
    from public.students s
    left join public.reference t on t.id = s.fee_tariff_id and t.kind = 'fee_tariff' and not t._deleted
    left join public.reference g on g.id = s.group_id and g.kind = 'group' and not g._deleted
    left join public.reference gt on gt.id = g.data ->> 'feeTariffId' and gt.kind = 'fee_tariff' and not gt._deleted
   where not s._deleted and app.is_guardian_of(s.family_id)
     and (s.status <> 'terminated' or coalesce(s.enrolment ->> 'terminatedAt', '') <> '')
   order by s.name
$$;

revoke execute on function public.family_fees() from public, anon;

grant execute on function public.family_fees() to authenticated;

create or replace function public.payment_receipt(payment text)
returns jsonb
language sql stable security invoker set search_path = ''
as $$
  select jsonb_build_object(
           'id', p.id,
           'familyId', p.family_id,
           'kind', p.kind,
           'number', p.receipt_number,
           'date', p.data ->> 'paymentDate',
           'family', p.data ->> 'familyName',
           'students', case when p.data ->> 'studentName' is null then '[]'::jsonb
                            else jsonb_build_array(p.data ->> 'studentName') end,
           'paymentFor', coalesce(p.data ->> 'paymentType', (p.data ->> 'contributionType') || ' contribution'),
           'period', coalesce(p.data -> 'period' ->> 'label',
                              'Field trip: ' || (p.data #>> '{trip,title}'),
                              case when p.data ->> 'paymentType' = 'Deposit' then 'Refundable deposit, fee year '
                                   else 'Fee year ' end || (p.data ->> 'feeYear')),
           'receivedFrom', p.data ->> 'receivedFrom',
           'paymentOption', p.data ->> 'paymentOption',
           'amount', (p.data ->> 'amount')::numeric)
    from public.payments p
   where p.id = payment and p.status = 'recorded' and not p._deleted
$$;

revoke execute on function public.payment_receipt(text) from public, anon;

grant execute on function public.payment_receipt(text) to authenticated, service_role;

-- The lengths a payment's texts may have, kept by the server as the forms keep them: a guardian
-- (or anyone) writing through sync_push directly cannot store a name of 200 KB that every office
-- device would receive and every receipt would print.
alter table public.payments add constraint payments_texts_fit check (
  length(coalesce(data ->> 'receivedFrom', '')) <= 200
  and length(coalesce(data ->> 'reference', '')) <= 100
  and length(coalesce(data ->> 'note', '')) <= 500
  and length(coalesce(data ->> 'studentName', '')) <= 200
  and length(coalesce(data ->> 'familyName', '')) <= 200
  and length(coalesce(data -> 'email' ->> 'subject', '')) <= 300
  and length(coalesce(data -> 'email' ->> 'html', '')) <= 20000
  and pg_column_size(data) <= 65536
);

comment on constraint payments_texts_fit on public.payments is
  'A payment''s texts are too long: a name has at most 200 characters, a reference 100, a note 500.';

-- When each family was last sent a fee reminder, by whom, and where its e-mail stands (issue 40):
-- the office's Reminders pane shows it and asks before a second one within a day. A family's
-- reminder is a message queued with the 'paymentReminder' trigger to one of its guardians'
-- addresses; the last half year is looked at. Staff only: anyone else gets no rows.
create or replace function public.fee_reminders_sent()
returns table (family_id text, sent_at timestamptz, sent_by text, status text)
language sql stable security definer set search_path = ''
as $$
  select distinct on (f.id) f.id, o.created_at, nullif(btrim(coalesce(nullif(m.name, ''), m.email)), ''),
         o.status
    from public.families f
    join public.email_outbox o
      on o.email_trigger = 'paymentReminder'
     and o.created_at > now() - interval '183 days'
     and exists (
           select 1
             from jsonb_array_elements(case when jsonb_typeof(f.data -> 'guardians') = 'array'
                                            then f.data -> 'guardians' else '[]'::jsonb end) g
            where lower(btrim(g ->> 'email')) in (select lower(r) from unnest(o.recipients) r))
    left join public.members m on m.id = o.triggered_by
   where app.is_staff() and not f._deleted
   order by f.id, o.created_at desc
$$;

revoke execute on function public.fee_reminders_sent() from public, anon;

grant execute on function public.fee_reminders_sent() to authenticated;

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

-- Field trip fees (issue 34): a payment of type Field Trip for each student who goes, naming the
-- trip, recorded once per student and trip.
-- The trip is named on a Field Trip payment, and only there.
alter table public.payments add constraint payments_trip_named check (
  case when data ->> 'paymentType' = 'Field Trip'
       then kind = 'fee' and student_id is not null
            and jsonb_typeof(data -> 'trip') = 'object'
            and length(coalesce(data #>> '{trip,id}', '')) between 1 and 64
            and length(coalesce(data #>> '{trip,title}', '')) between 1 and 200
       else data -> 'trip' is null end);

comment on constraint payments_trip_named on public.payments is
  'A Field Trip payment is a student''s fee naming its trip; no other payment names a trip.';

-- Runs before app.payments_guard (triggers fire by name), so a refusal comes before the receipt is
-- numbered. It reads the trip and the student as its owner: a guardian reporting a trip fee may
-- not read every student.
create or replace function app.payments_field_trip() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  trip public.gatherings;
  student_group text;
  earlier record;
begin
  if coalesce(new.data ->> 'paymentType', '') <> 'Field Trip' or new._deleted then
    return new;
  end if;
  -- Only a new payment, or a report the office records, is checked: a recorded one keeps its trip
  -- (app.payments_guard), and one set aside later needs no trip.
  if tg_op = 'UPDATE' and not (new.status = 'recorded' and old.status <> 'recorded') then
    return new;
  end if;
  select g.* into trip from public.gatherings g
   where g.id = new.data #>> '{trip,id}' and g.kind = 'field_trip' and not g._deleted;
  if not found then
    raise exception 'This field trip is not known to the centre.' using errcode = 'P0001';
  end if;
  select s.group_id into student_group from public.students s where s.id = new.student_id;
  if not (case when jsonb_array_length(coalesce(trip.data -> 'studentIds', '[]'::jsonb)) > 0
               then (trip.data -> 'studentIds') ? new.student_id
               else student_group = any (trip.group_ids) end) then
    raise exception '% does not take part in the field trip %.',
      coalesce(nullif(btrim(new.data ->> 'studentName'), ''), 'The student'), trip.data ->> 'title'
      using errcode = 'P0001';
  end if;

  -- Once per student and trip, unless it is an instalment; the lock makes two at once wait.
  if new.status = 'recorded' and coalesce(new.data ->> 'instalment', '') <> 'true' then
    perform pg_advisory_xact_lock(hashtextextended(
      concat_ws('|', 'payment-trip', new.student_id, trip.id), 0));
    select p.receipt_number, p.updated_at, nullif(btrim(m.name), '') as by_name
      into earlier
      from public.payments p
      left join public.members m on m.id = p.updated_by
     where p.id <> new.id and p.kind = 'fee' and p.status = 'recorded' and not p._deleted
       and p.student_id = new.student_id
       and p.data ->> 'paymentType' = 'Field Trip'
       and p.data #>> '{trip,id}' = trip.id
     order by p.receipt_number
     limit 1;
    if found then
      raise exception '% (Field Trip) for % is already recorded by % on %, receipt %: keep both as two instalments, or drop yours.',
        trip.data ->> 'title',
        coalesce(nullif(btrim(new.data ->> 'studentName'), ''), 'the student'),
        coalesce(earlier.by_name, 'the office'),
        to_char(earlier.updated_at at time zone 'Asia/Kolkata', 'FMDD Mon YYYY'),
        earlier.receipt_number
        using errcode = 'P0001', hint = 'payment_period_recorded';
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function app.payments_field_trip() from public, anon, authenticated;

create trigger payments_field_trip before insert or update on public.payments
  for each row execute function app.payments_field_trip();

create index if not exists payments_trip_idx on public.payments ((data #>> '{trip,id}'))
  where data ->> 'paymentType' = 'Field Trip';

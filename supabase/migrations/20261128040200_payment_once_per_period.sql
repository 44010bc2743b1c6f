-- A fee is recorded once per student, fee type and period (issue 30): two office devices that
-- each recorded November offline made two receipts and two e-mails. The guard refuses the second
-- before it is numbered or e-mailed, saying who recorded the first and when; the person keeps
-- both as instalments (the payment sent again marked `instalment`) or drops theirs. Starts from
-- the guard as 20261128003100 left it.

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
    -- A limit no family reaches by paying, only by flooding the office's list.
    if (select count(*) from public.payments p
         where p.family_id = new.family_id and p.status = 'reported' and not p._deleted) >= 20 then
      raise exception 'Your family has 20 payments waiting for the office: please wait until they are confirmed.'
        using errcode = 'P0001';
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

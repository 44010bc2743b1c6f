-- What a payment carries, with both of the day's changes to it (issue 29): a known way of payment
-- and at most 20 reports waiting, as 20261128002200 and 20261128002400 set, and no e-mail from the
-- device, as 20261128003000 set; the later one was written without the earlier two.

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

  -- Recording gives the receipt its number, once: a payment set aside later keeps it (no gaps).
  if new.status = 'recorded' and new.receipt_number is null then
    new.receipt_number := app.next_receipt_number(new.data ->> 'feeYear');
  end if;
  return new;
end;
$$;
revoke execute on function app.payments_guard() from public, anon, authenticated;

-- A field trip's fee is paid as a payment of type Field Trip for each student who goes, naming the
-- trip (issue 34, N13; decision "Field trips"). It is no fee of a period: it pays for no month or
-- term, and counts only in the fee year and the Accounting pane. The server keeps it to one trip
-- and one student who takes part, and records it once per student and trip: two office devices
-- that each recorded it offline would otherwise both number and e-mail a receipt. The second is
-- refused as a period recorded twice is (issue 30), and its person keeps it as an instalment or
-- drops it.

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

-- A trip fee's receipt names the trip where a period would be.
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

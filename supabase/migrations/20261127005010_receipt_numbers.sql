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

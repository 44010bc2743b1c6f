-- Demo payments, dated from today so the Payments pane always has a story to tell: Inês
-- Fernandes has paid this month's fee, Tiago Fernandes paid last month's and owes this month's,
-- and the Fernandes family gave a monthly contribution. Each is numbered like any recorded payment.
do $$
declare
  -- The centre's today (Goa), whatever the server's time zone: the app counts months by it.
  today date := (now() at time zone 'Asia/Kolkata')::date;
  last_month date := (date_trunc('month', today) - interval '1 month')::date;
  month_period jsonb;
  last_period jsonb;
begin
  month_period := jsonb_build_object(
    'key', (case when extract(month from today) >= 6 then extract(year from today)::int
                 else extract(year from today)::int - 1 end)::text || '-'
           || lpad(((case when extract(month from today) >= 6 then extract(year from today)::int
                          else extract(year from today)::int - 1 end + 1) % 100)::text, 2, '0')
           || '/month/' || to_char(today, 'YYYY-MM'),
    'label', trim(to_char(today, 'FMMonth')) || ' ' || to_char(today, 'YYYY'),
    'months', 1,
    'start', to_char(date_trunc('month', today), 'YYYY-MM-DD'),
    'end', to_char((date_trunc('month', today) + interval '1 month - 1 day')::date, 'YYYY-MM-DD'));
  last_period := jsonb_build_object(
    'key', (case when extract(month from last_month) >= 6 then extract(year from last_month)::int
                 else extract(year from last_month)::int - 1 end)::text || '-'
           || lpad(((case when extract(month from last_month) >= 6 then extract(year from last_month)::int
                          else extract(year from last_month)::int - 1 end + 1) % 100)::text, 2, '0')
           || '/month/' || to_char(last_month, 'YYYY-MM'),
    'label', trim(to_char(last_month, 'FMMonth')) || ' ' || to_char(last_month, 'YYYY'),
    'months', 1,
    'start', to_char(last_month, 'YYYY-MM-DD'),
    'end', to_char((last_month + interval '1 month - 1 day')::date, 'YYYY-MM-DD'));

  insert into public.payments (id, family_id, student_id, kind, status, data) values
    ('pay-demo-tiago-last-month', 'demo-family-fernandes', 'st-tiago', 'fee', 'recorded',
     jsonb_build_object('paymentType', 'Monthly Fee', 'paymentOption', 'Indian Bank Transfer',
       'period', last_period, 'feeYear', split_part(last_period ->> 'key', '/', 1),
       'receivedFrom', 'Maria Fernandes', 'amount', 16700, 'paymentDate', last_period ->> 'start',
       'studentsFee', 16700, 'totalFee', 16700, 'yearPaymentTotal', 16700,
       'studentName', 'Tiago Fernandes', 'familyName', 'Fernandes', 'sendEmail', false)),
    ('pay-demo-ines-this-month', 'demo-family-fernandes', 'st-ines', 'fee', 'recorded',
     jsonb_build_object('paymentType', 'Monthly Fee', 'paymentOption', 'UPI',
       'period', month_period, 'feeYear', split_part(month_period ->> 'key', '/', 1),
       'receivedFrom', 'Maria Fernandes', 'amount', 14500, 'paymentDate', month_period ->> 'start',
       'studentsFee', 14500, 'totalFee', 14500, 'yearPaymentTotal', 14500,
       'studentName', 'Inês Fernandes', 'familyName', 'Fernandes', 'sendEmail', false)),
    ('pay-demo-fernandes-contribution', 'demo-family-fernandes', null, 'contribution', 'recorded',
     jsonb_build_object('contributionType', 'Monthly', 'paymentOption', 'Cash',
       'feeYear', split_part(month_period ->> 'key', '/', 1),
       'receivedFrom', 'João Fernandes', 'amount', 2000, 'paymentDate', month_period ->> 'start',
       'familyName', 'Fernandes', 'sendEmail', false))
  on conflict (id) do nothing;
end;
$$;

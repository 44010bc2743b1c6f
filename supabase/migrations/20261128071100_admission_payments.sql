-- The admission fee and the deposit reach the books (issue 40): the "Admission payment received"
-- step records them as payments of the family (numbered, their receipts attached to the step's
-- e-mail), before the child is a student; a deposit is held until the office returns or keeps it.

alter table public.payments drop constraint payments_fee_has_student;

alter table public.payments add constraint payments_fee_has_student check (
  case when kind = 'contribution' then student_id is null
       else student_id is not null or coalesce(data ->> 'paymentType', '') in ('Admission Fee', 'Deposit') end);

comment on constraint payments_fee_has_student on public.payments is
  'A fee is paid for one student (the admission fee and deposit may come before the child is one); a contribution comes from the family.';

alter table public.payments add constraint payments_deposit_known check (
  data -> 'deposit' is null
  or (data ->> 'paymentType' = 'Deposit' and jsonb_typeof(data -> 'deposit') = 'object'
      and data #>> '{deposit,status}' in ('held', 'returned', 'kept')
      and length(coalesce(data #>> '{deposit,note}', '')) <= 500));

comment on constraint payments_deposit_known on public.payments is
  'Only a deposit is held, returned or kept.';


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
                              case when p.data ->> 'paymentType' = 'Deposit' then 'Refundable deposit, fee year '
                                   else 'Fee year ' end || (p.data ->> 'feeYear')),
           'receivedFrom', p.data ->> 'receivedFrom',
           'paymentOption', p.data ->> 'paymentOption',
           'amount', (p.data ->> 'amount')::numeric)
    from public.payments p
   where p.id = payment and p.status = 'recorded' and not p._deleted
$$;

-- One step, checked and carried out. Raises with the reason when it cannot be.
create or replace function app.carry_out_admission_step(inquiry public.inquiries, step jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  step_id text := step ->> 'id';
  kind text := step ->> 'kind';
  mail jsonb := step -> 'mail';
  account public.mail_senders;
  sender text;
  address text;
  recipients text[];
  copies text[];
  pattern constant text := '^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,63}$';
  child_index integer;
  child jsonb;
  children jsonb := coalesce(inquiry.data -> 'children', '[]'::jsonb);
  guardians jsonb := coalesce(inquiry.data -> 'guardians', '[]'::jsonb);
  attachments jsonb := '[]'::jsonb;
  result jsonb := '{}'::jsonb;
  email_type text;
  inserted text;
  sequence integer;
  family_token text;
  family_made boolean := false;
  student_id text;
  group_row public.reference;
  notice_to text[];
  g jsonb;
  family_guardians jsonb := '[]'::jsonb;
  digits text;
  contact_id text;
  n integer := 0;
  payment jsonb;
  paid_on text;
  fee_year text;
  paid_type text;
  paid_amount numeric;
  paid_id text;
  paid_ids text[] := '{}';
  enrolled_student text;
begin
  if not app.is_staff() then
    raise exception 'Only the office takes admission steps.' using errcode = '42501';
  end if;
  if inquiry.kind <> 'family' then
    raise exception 'Admission steps are for family inquiries.' using errcode = '22023';
  end if;
  if step_id is null or step_id !~ '^[A-Za-z0-9_-]{8,40}$' then
    raise exception 'An admission step needs an id.' using errcode = '22023';
  end if;
  if kind is null or kind not in ('meeting', 'trial', 'admission', 'admissionPayment', 'enrolment') then
    raise exception 'Unknown admission step: %', coalesce(kind, 'none') using errcode = '22023';
  end if;

  insert into public.admission_steps (id, inquiry_id, kind, child, requested_by)
  values (step_id, inquiry.id, kind,
          case when jsonb_typeof(coalesce(step -> 'child', step #> '{trial,child}', step #> '{admission,child}')) = 'number'
               then (coalesce(step -> 'child', step #> '{trial,child}', step #> '{admission,child}'))::text::integer end,
          auth.uid())
  on conflict (id) do nothing
  returning id into inserted;
  if inserted is null then
    return; -- carried out already
  end if;

  -- The e-mail: a known sender, and a member allowed to send (O09).
  if not app.may_send_email() then
    raise exception 'E-mail sending is turned off for your account. An admin can turn it on in Members.'
      using errcode = '42501';
  end if;
  if jsonb_typeof(mail) is distinct from 'object' then
    raise exception 'The step has no e-mail.' using errcode = '22023';
  end if;
  select * into account from public.mail_senders s where s.key = mail ->> 'sender';
  if not found then
    raise exception 'Choose a sender' using errcode = '22023';
  end if;
  sender := format('"%s" <%s>', account.display_name, account.address);
  if jsonb_typeof(mail -> 'to') is distinct from 'array'
     or jsonb_typeof(coalesce(mail -> 'cc', '[]'::jsonb)) <> 'array' then
    raise exception 'Add at least one recipient' using errcode = '22023';
  end if;
  recipients := array(select lower(jsonb_array_elements_text(mail -> 'to')));
  copies := array(select lower(jsonb_array_elements_text(coalesce(mail -> 'cc', '[]'::jsonb))));
  if cardinality(recipients) = 0 then
    raise exception 'Add at least one recipient' using errcode = '22023';
  end if;
  if cardinality(recipients) > 50 or cardinality(copies) > 50 then
    raise exception 'An e-mail goes to at most 50 recipients and 50 copies' using errcode = '22023';
  end if;
  foreach address in array recipients || copies loop
    if address !~ pattern then
      raise exception '% is not an e-mail address', address using errcode = '22023';
    end if;
  end loop;
  if length(btrim(coalesce(mail ->> 'subject', ''))) = 0 or length(mail ->> 'subject') > 998
     or (mail ->> 'subject') ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(mail ->> 'html', ''))) = 0 or length(mail ->> 'html') > 60000 then
    raise exception 'Write the message (at most 60,000 characters)' using errcode = '22023';
  end if;

  -- The child a step is about.
  child_index := case kind
    when 'trial' then (step #>> '{trial,child}')::integer
    when 'admission' then (step #>> '{admission,child}')::integer
    when 'admissionPayment' then (step ->> 'child')::integer
    when 'enrolment' then (step ->> 'child')::integer
  end;
  if kind <> 'meeting' then
    child := children -> child_index;
    if child is null or jsonb_typeof(child) <> 'object' then
      raise exception 'This child is not on the inquiry.' using errcode = '22023';
    end if;
  end if;

  email_type := case when kind in ('meeting', 'trial') then 'Inquiry' else 'Admissions' end;

  if kind = 'meeting' then
    if not app.is_date(step #>> '{meeting,date}')
       or coalesce(step #>> '{meeting,start}', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       or coalesce(step #>> '{meeting,end}', '') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
       or (step #>> '{meeting,start}') >= (step #>> '{meeting,end}') then
      raise exception 'The meeting needs a date, and a start before its end.' using errcode = '22023';
    end if;
    select count(*) - 1 into sequence
      from public.admission_steps s where s.inquiry_id = inquiry.id and s.kind = 'meeting';
    attachments := jsonb_build_array(jsonb_build_object('invite', jsonb_build_object(
      'uid', 'meeting-' || inquiry.id || '@admissions',
      'sequence', sequence,
      'title', format('Meeting with the %s family', inquiry.family_name),
      'description', format('Meeting about the admission of %s. %s will welcome you.',
                            coalesce((select string_agg(app.person_name(c), ', ')
                                        from jsonb_array_elements(children) c), ''),
                            coalesce(step #>> '{meeting,contact}', '')),
      'date', step #>> '{meeting,date}',
      'start', step #>> '{meeting,start}',
      'end', step #>> '{meeting,end}',
      'timeZone', 'Asia/Kolkata',
      'organizer', jsonb_build_object('name', account.display_name, 'email', account.address),
      'attendees', (select coalesce(jsonb_agg(jsonb_build_object(
          'name', coalesce((select nullif(app.person_name(gu), '') from jsonb_array_elements(guardians) gu
                             where lower(gu ->> 'email') = r limit 1), r),
          'email', r)), '[]'::jsonb) from unnest(recipients) r))));
    result := jsonb_build_object('eventId', 'meeting-' || inquiry.id || '@admissions', 'sequence', sequence);
  elsif kind = 'trial' then
    if not app.is_date(step #>> '{trial,start}') or not app.is_date(step #>> '{trial,end}')
       or (step #>> '{trial,start}') > (step #>> '{trial,end}') then
      raise exception 'Error: Start date must be before end date' using errcode = '22023';
    end if;
    select * into group_row from public.reference r
     where r.id = step #>> '{trial,groupId}' and r.kind = 'group' and not r._deleted;
    if not found then
      raise exception 'Choose the trial group' using errcode = '22023';
    end if;
    attachments := jsonb_build_array(jsonb_build_object(
      'bucket', 'documents', 'path', 'centre/curriculum.pdf', 'filename', 'Curriculum.pdf',
      'contentType', 'application/pdf'));
    -- The group's facilitators (its weekly template) and those chosen on the inquiry (H16).
    select coalesce(array_agg(distinct lower(f.email)), '{}') into notice_to
      from public.facilitators f
     where f.email is not null
       and (f.id in (select s ->> 'facilitatorId'
                       from public.timetables t,
                            jsonb_each(coalesce(t.data -> 'days', '{}'::jsonb)) d,
                            jsonb_array_elements(case when jsonb_typeof(d.value) = 'array' then d.value else '[]'::jsonb end) s
                      where t.kind = 'group_template' and t.group_id = group_row.id and not t._deleted)
            or f.id in (select jsonb_array_elements_text(
                          case when jsonb_typeof(inquiry.data -> 'facilitators') = 'array'
                               then inquiry.data -> 'facilitators' else '[]'::jsonb end)));
    if cardinality(notice_to) > 0 then
      insert into public.email_outbox (id, sender, recipients, subject, html_body, email_type,
                                       email_trigger, triggered_by)
      values ('step-' || step_id || '-facilitators', sender, notice_to[1:100],
              left(regexp_replace(format('Trial: %s joins %s from %s to %s', app.person_name(child),
                          group_row.data ->> 'name', step #>> '{trial,start}', step #>> '{trial,end}'),
                   '[[:cntrl:]]+', ' ', 'g'), 998),
              format('<p>Dear facilitators,</p><p><strong>%s</strong> of the %s family joins the %s group '
                     'for trial days from %s to %s.</p><p>Please welcome them, and write how the days '
                     'went in the inquiry''s trial note.</p>',
                     app.html_text(app.person_name(child)), app.html_text(inquiry.family_name),
                     app.html_text(group_row.data ->> 'name'), step #>> '{trial,start}',
                     step #>> '{trial,end}'),
              'Inquiry', 'admissions.trialFacilitators', auth.uid())
      on conflict (id) do nothing;
    end if;
    result := jsonb_build_object('facilitatorsNotified', to_jsonb(notice_to));
  elsif kind = 'admission' then
    -- The server names the family: the one this inquiry's admission made, else the inquiry's own
    -- id; whatever token the device wrote is not used.
    family_token := coalesce(app.inquiry_family(inquiry.id), app.family_token_of(inquiry.id));
    if not exists (select 1 from public.reference r where r.id = step #>> '{admission,groupId}'
                     and r.kind = 'group' and not r._deleted) then
      raise exception 'Choose the group' using errcode = '22023';
    end if;
    if exists (select 1 from public.families f where f.id = family_token)
       and not app.inquiry_made_family(inquiry.id, family_token) then
      raise exception 'This family token names another family''s record.' using errcode = '22023';
    end if;
    if not exists (select 1 from public.families f where f.id = family_token)
       and app.family_token_held(family_token) then
      raise exception 'Someone already holds this family''s token: ask an admin.' using errcode = '22023';
    end if;
    if not exists (select 1 from public.families f where f.id = family_token) then
      for g in select value from jsonb_array_elements(guardians) loop
        n := n + 1;
        contact_id := left('fc-' || family_token, 60) || '-' || n;
        digits := regexp_replace(coalesce(g ->> 'prefix', '+91'), '\D', '', 'g')
                  || regexp_replace(coalesce(g ->> 'mobile', ''), '\D', '', 'g');
        if digits ~ '^[0-9]{6,15}$' and regexp_replace(coalesce(g ->> 'mobile', ''), '\D', '', 'g') <> '' then
          insert into public.family_contacts (id, family_token, member_type, name, email, prefix, whatsapp)
          values (contact_id, family_token, 'guardian', left(app.person_name(g), 200),
                  nullif(left(lower(btrim(g ->> 'email')), 320), ''),
                  case when coalesce(g ->> 'prefix', '') ~ '^\+[0-9]{1,4}$' then g ->> 'prefix' else '+91' end,
                  digits)
          on conflict (id) do nothing;
        else
          contact_id := null;
        end if;
        family_guardians := family_guardians || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
          'parentUUID', left(family_token, 60) || '-g' || n,
          'contactId', contact_id,
          'firstName', left(coalesce(g ->> 'firstName', ''), 100),
          'lastName', left(coalesce(g ->> 'lastName', ''), 100),
          'email', g ->> 'email', 'prefix', g ->> 'prefix', 'mobile', g ->> 'mobile',
          'whatsApp', g ->> 'whatsApp', 'address', g ->> 'address', 'dob', g ->> 'dob',
          'gender', g ->> 'gender', 'nationality', g ->> 'nationality',
          'occupation', g ->> 'occupation', 'jobDescription', g ->> 'jobDescription',
          'workPlace', g ->> 'workPlace', 'maritalStatus', inquiry.data ->> 'maritalStatus')));
      end loop;
      insert into public.families (id, status, name, data)
      values (family_token, 'admission',
              left(coalesce(nullif(btrim(inquiry.family_name), ''), 'Family'), 200),
              jsonb_strip_nulls(jsonb_build_object('guardians', family_guardians,
                                                   'maritalStatus', inquiry.data ->> 'maritalStatus')));
      family_made := true;
    end if;
    result := jsonb_build_object('familyToken', family_token, 'familyCreated', family_made);
  elsif kind = 'admissionPayment' then
    family_token := app.inquiry_family(inquiry.id);
    if family_token is null or not exists (select 1 from public.families f where f.id = family_token) then
      raise exception 'Send the admission e-mail first: it makes the family record.' using errcode = '22023';
    end if;
    -- The admission fee and the deposit are payments like the others (issue 40): each one above 0
    -- is recorded for the family, numbered, and its receipt attached to this step's e-mail.
    payment := step -> 'payment';
    if jsonb_typeof(payment) is distinct from 'object' then
      raise exception 'Enter the payment: the amounts received, the day and how it was paid.'
        using errcode = '22023';
    end if;
    if jsonb_typeof(payment -> 'admissionFee') is distinct from 'number'
       or jsonb_typeof(payment -> 'depositFee') is distinct from 'number'
       or (payment ->> 'admissionFee')::numeric < 0 or (payment ->> 'depositFee')::numeric < 0
       or (payment ->> 'admissionFee')::numeric + (payment ->> 'depositFee')::numeric <= 0 then
      raise exception 'Enter the admission fee and the deposit received (0 for one not paid).'
        using errcode = '22023';
    end if;
    if (payment ->> 'admissionFee')::numeric > 10000000 or (payment ->> 'depositFee')::numeric > 10000000 then
      raise exception 'An amount cannot be above ₹1,00,00,000' using errcode = '22023';
    end if;
    paid_on := payment ->> 'paymentDate';
    if not app.is_date(paid_on) then
      raise exception 'Enter the day the payment arrived.' using errcode = '22023';
    end if;
    if paid_on::date > (now() at time zone 'Asia/Kolkata')::date then
      raise exception 'The payment cannot arrive after today.' using errcode = '22023';
    end if;
    if length(btrim(coalesce(payment ->> 'receivedFrom', ''))) = 0 then
      raise exception 'Enter who paid.' using errcode = '22023';
    end if;
    fee_year := case when extract(month from paid_on::date) >= 6
                     then to_char(paid_on::date, 'YYYY') || '-' || to_char(paid_on::date + interval '1 year', 'YY')
                     else to_char(paid_on::date - interval '1 year', 'YYYY') || '-' || to_char(paid_on::date, 'YY') end;
    for paid_type, paid_amount, paid_id in
      select t.type, t.amount, left('adm-' || step_id, 50) || '-' || t.suffix
        from (values ('Admission Fee', (payment ->> 'admissionFee')::numeric, 'fee', 1),
                     ('Deposit', (payment ->> 'depositFee')::numeric, 'deposit', 2)) t(type, amount, suffix, n)
       where t.amount > 0
       order by t.n
    loop
      insert into public.payments (id, family_id, student_id, kind, status, data)
      values (paid_id, family_token, null, 'fee', 'recorded', jsonb_strip_nulls(jsonb_build_object(
        'paymentType', paid_type,
        'paymentOption', payment ->> 'paymentOption',
        'feeYear', fee_year,
        'receivedFrom', left(btrim(payment ->> 'receivedFrom'), 200),
        'amount', paid_amount,
        'paymentDate', paid_on,
        'studentName', nullif(left(app.person_name(child), 200), ''),
        'familyName', left(coalesce(nullif(btrim(inquiry.family_name), ''), 'Family'), 200),
        'sendEmail', false,
        'reference', nullif(left(btrim(coalesce(payment ->> 'reference', '')), 100), ''),
        'deposit', case when paid_type = 'Deposit' then jsonb_build_object('status', 'held') end)));
      attachments := attachments || jsonb_build_array(jsonb_build_object('receipt', paid_id));
      paid_ids := paid_ids || paid_id;
    end loop;
    result := jsonb_build_object('familyToken', family_token, 'payments', to_jsonb(paid_ids));
  elsif kind = 'enrolment' then
    family_token := app.inquiry_family(inquiry.id);
    student_id := step ->> 'studentId';
    if family_token is null or not exists (select 1 from public.families f where f.id = family_token) then
      raise exception 'Send the admission e-mail first: it makes the family record.' using errcode = '22023';
    end if;
    if not app.inquiry_made_family(inquiry.id, family_token) then
      raise exception 'This family token names another family''s record.' using errcode = '22023';
    end if;
    if student_id is null or student_id !~ '^[A-Za-z0-9_-]{1,64}$' then
      raise exception 'The enrolment needs a student id.' using errcode = '22023';
    end if;
    if coalesce(child ->> 'groupUUID', '') = '' then
      raise exception 'Send the admission e-mail first: it chooses the group.' using errcode = '22023';
    end if;
    if exists (select 1 from public.students s where s.id = student_id) then
      raise exception 'This student is enrolled already.' using errcode = '22023';
    end if;
    insert into public.students (id, family_id, group_id, status, name, fee_tariff_id, enrolment, data)
    values (student_id, family_token, child ->> 'groupUUID', 'active',
            left(coalesce(nullif(app.person_name(child), ''), 'Student'), 200),
            nullif(child ->> 'feeTariffUUID', ''),
            jsonb_strip_nulls(jsonb_build_object(
              'trial', false,
              'admissionFee', case when jsonb_typeof(child -> 'admissionFee') = 'number' then child -> 'admissionFee' end,
              'depositFee', case when jsonb_typeof(child -> 'depositFee') = 'number' then child -> 'depositFee' end,
              'enrolledAt', now(),
              'startDate', case when app.is_date(step ->> 'startDate') then step ->> 'startDate' end)),
            jsonb_strip_nulls(jsonb_build_object(
              'firstName', left(concat_ws(' ', nullif(btrim(child ->> 'firstName'), ''), nullif(btrim(child ->> 'middleName'), '')), 100),
              'lastName', left(child ->> 'lastName', 100), 'dob', child ->> 'dob', 'gender', child ->> 'gender',
              'nationality', child ->> 'nationality')));
    update public.families f set status = 'enrolled'
     where f.id = family_token and f.status in ('admission', 'notEnrolled');
    -- The child's admission fee and deposit, recorded for the family before the child was a
    -- student, become the student's: they show among the student's payments (issue 40).
    enrolled_student := student_id;
    update public.payments p set student_id = enrolled_student
     where p.family_id = family_token and p.student_id is null and not p._deleted
       and p.id in (select jsonb_array_elements_text(s.outcome -> 'payments')
                      from public.admission_steps s
                     where s.inquiry_id = inquiry.id and s.kind = 'admissionPayment'
                       and s.child = child_index and jsonb_typeof(s.outcome -> 'payments') = 'array');
    result := jsonb_build_object('studentId', student_id, 'familyToken', family_token);
  end if;

  insert into public.email_outbox (id, sender, recipients, cc, subject, html_body, attachments,
                                   email_type, email_trigger, triggered_by)
  values ('step-' || step_id, sender, recipients, copies, mail ->> 'subject', mail ->> 'html',
          attachments, email_type, 'admissions.' || kind, auth.uid())
  on conflict (id) do nothing;

  update public.admission_steps s set outcome = result where s.id = step_id;
end;
$$;

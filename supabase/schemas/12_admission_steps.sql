-- Admission steps: the meeting, trial, admission, admission payment and enrolment an office device
-- writes on an inquiry, carried out once by the server when it syncs (e-mails, the family record,
-- the student).

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create table if not exists public.admission_steps (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{8,40}$'),
  inquiry_id text not null check (length(inquiry_id) between 1 and 64),
  kind text not null check (kind in ('meeting', 'trial', 'admission', 'admissionPayment', 'enrolment')),
  child integer check (child >= 0),
  outcome jsonb not null default '{}'::jsonb,
  requested_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create index if not exists admission_steps_inquiry_idx on public.admission_steps (inquiry_id, created_at);

alter table public.admission_steps enable row level security;

revoke all on public.admission_steps from anon, authenticated;

grant select on public.admission_steps to authenticated;

grant all on public.admission_steps to service_role;

create policy "Office staff read the admission steps" on public.admission_steps
  for select to authenticated using ((select app.is_staff()));

-- Text for HTML: what a person typed stays text in an e-mail.
create or replace function app.html_text(value text) returns text
language sql immutable set search_path = ''
as $$
  select replace(replace(replace(replace(replace(coalesce(value, ''),
    '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
$$;

revoke execute on function app.html_text(text) from public, anon;

grant execute on function app.html_text(text) to authenticated, service_role;

-- A person's name from an inquiry's child or guardian object.
create or replace function app.person_name(person jsonb) returns text
language sql immutable set search_path = ''
as $$
  select btrim(concat_ws(' ', nullif(btrim(person ->> 'firstName'), ''),
                         nullif(btrim(person ->> 'middleName'), ''),
                         nullif(btrim(person ->> 'lastName'), '')))
$$;

revoke execute on function app.person_name(jsonb) from public, anon;

grant execute on function app.person_name(jsonb) to authenticated, service_role;

-- Whether the family record was made by one of this inquiry's admissions: a step never reaches
-- into another family's record.
create or replace function app.inquiry_made_family(inquiry text, family text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admission_steps s
                  where s.inquiry_id = inquiry and s.kind = 'admission'
                    and s.outcome ->> 'familyToken' = family)
$$;

revoke execute on function app.inquiry_made_family(text, text) from public, anon, authenticated;

-- The id of the family record an inquiry's admission makes: derived by the server from the
-- inquiry's id, never taken from a device, so a step cannot name a token someone already holds.
-- The device derives the same id (sync/rules/admissions/steps.ts familyTokenOf) to work offline.
create or replace function app.family_token_of(inquiry text) returns text
language sql immutable set search_path = ''
as $$ select 'fam-' || left(inquiry, 60) $$;

revoke execute on function app.family_token_of(text) from public, anon, authenticated;

-- The family record this inquiry's first admission made, or null before it.
create or replace function app.inquiry_family(inquiry text) returns text
language sql stable security definer set search_path = ''
as $$
  select s.outcome ->> 'familyToken' from public.admission_steps s
   where s.inquiry_id = inquiry and s.kind = 'admission' and s.outcome ? 'familyToken'
   order by s.created_at, s.id limit 1
$$;

revoke execute on function app.inquiry_family(text) from public, anon, authenticated;

-- Whether a member or a family contact holds this token already (a family record aside).
create or replace function app.family_token_held(token text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.members m where m.family_token = token)
      or exists (select 1 from public.family_contacts c where c.family_token = token)
$$;

revoke execute on function app.family_token_held(text) from public, anon, authenticated;

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

revoke execute on function app.carry_out_admission_step(public.inquiries, jsonb) from public, anon, authenticated;

-- A step e-mail's inline images as the outbox keeps attachments: at most one, the UPI QR code, a
-- GIF in base64 of at most 20,000 characters. Anything else refuses the step with the reason.
create or replace function app.step_mail_images(mail jsonb) returns jsonb
language plpgsql immutable set search_path = ''
as $$
declare
  images jsonb := mail -> 'images';
  image jsonb;
begin
  if images is null or jsonb_typeof(images) = 'null' then
    return '[]'::jsonb;
  end if;
  if jsonb_typeof(images) <> 'array' or jsonb_array_length(images) > 1 then
    raise exception 'A step''s e-mail shows at most one image, the UPI QR code.' using errcode = '22023';
  end if;
  for image in select value from jsonb_array_elements(images) loop
    if jsonb_typeof(image) <> 'object'
       or (select count(*) from jsonb_object_keys(image)) <> 4
       or image ->> 'filename' is distinct from 'upi-qr.gif'
       or image ->> 'contentType' is distinct from 'image/gif'
       or image ->> 'cid' is distinct from 'upi-qr@payment'
       or jsonb_typeof(image -> 'content') <> 'string'
       or length(image ->> 'content') > 20000
       or (image ->> 'content') !~ '^[A-Za-z0-9+/]+={0,2}$' then
      raise exception 'The image of a step''s e-mail is not a UPI QR code.' using errcode = '22023';
    end if;
  end loop;
  return images;
end;
$$;

revoke execute on function app.step_mail_images(jsonb) from public, anon, authenticated;

-- Every step of a changed inquiry that the server has not seen yet. A step's e-mail goes from the
-- sender account of the member who takes it (O07; an admin chooses any): app.sender_for. Its
-- inline image (the UPI QR code) is checked first and travels with its e-mail.
create or replace function app.inquiry_steps_carry_out() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  step jsonb;
  images jsonb;
begin
  if jsonb_typeof(new.data -> 'steps') is distinct from 'array' then
    return null;
  end if;
  if jsonb_array_length(new.data -> 'steps') > 60 then
    raise exception 'An inquiry keeps at most 60 admission steps.' using errcode = '22023';
  end if;
  for step in select value from jsonb_array_elements(new.data -> 'steps') loop
    if jsonb_typeof(step) <> 'object' then
      raise exception 'An admission step is a record.' using errcode = '22023';
    end if;
    continue when exists (select 1 from public.admission_steps s where s.id = step ->> 'id');
    if app.is_staff() and jsonb_typeof(step -> 'mail') = 'object' then
      perform app.sender_for(step #>> '{mail,sender}');
    end if;
    images := case when jsonb_typeof(step -> 'mail') = 'object'
                   then app.step_mail_images(step -> 'mail') else '[]'::jsonb end;
    perform app.carry_out_admission_step(new, step);
    if images <> '[]'::jsonb then
      update public.email_outbox o set attachments = coalesce(o.attachments, '[]'::jsonb) || images
       where o.id = 'step-' || (step ->> 'id') and o.status = 'queued';
    end if;
  end loop;
  return null;
end;
$$;

revoke execute on function app.inquiry_steps_carry_out() from public, anon, authenticated;

create trigger inquiries_carry_out_steps after insert or update of data on public.inquiries
  for each row execute function app.inquiry_steps_carry_out();

-- Where each of an inquiry's steps stands (the status list on the inquiry): the steps the server
-- has carried out, with each e-mail's status, attempts and last error.
create or replace function public.inquiry_steps(inquiry text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office reads admission steps.' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', s.id, 'kind', s.kind, 'created_at', s.created_at, 'outcome', s.outcome,
             'mails', coalesce((
               select jsonb_agg(jsonb_build_object(
                        'id', o.id, 'recipients', to_jsonb(o.recipients), 'status', o.status,
                        'attempts', o.attempts, 'last_error', o.last_error, 'sent_at', o.sent_at)
                        order by o.id)
                 from public.email_outbox o
                where o.id in ('step-' || s.id, 'step-' || s.id || '-facilitators')), '[]'::jsonb))
             order by s.created_at, s.id)
      from public.admission_steps s
     where s.inquiry_id = inquiry_steps.inquiry), '[]'::jsonb);
end;
$$;

revoke execute on function public.inquiry_steps(text) from public, anon;

grant execute on function public.inquiry_steps(text) to authenticated;

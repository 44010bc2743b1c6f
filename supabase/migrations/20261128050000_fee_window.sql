-- Fees run from a child's first day to the day their enrolment ends (issue 40). The enrolment
-- step carries the first day the office chose, and the student keeps it as `startDate`; the
-- families' fee answer gives each child's start and end with their monthly fee, so a family's
-- Payments pane charges the same months the office's does.

-- One step, checked and carried out, as 20261128003000 left it, the student now keeping the
-- first day the enrolment step names.
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
    if app.inquiry_family(inquiry.id) is null then
      raise exception 'Send the admission e-mail first: it makes the family record.' using errcode = '22023';
    end if;
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

-- A guardian's children's monthly fees (J14), each with the days their fees run between: the
-- first day (or the day of enrolment) and, for an enrolment that has ended, its last day. A child
-- whose enrolment ended on a known day is still answered: the family owes up to that month.
drop function public.family_fees();

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

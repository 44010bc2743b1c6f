-- Who may send e-mail (core.md §6, operations.md §6; O09, O10), and what a webmail is logged as
-- (O02, O11).
--
-- E-mail sending is a setting of each member of staff, on unless an admin turns it off. The
-- members behind the sender accounts marked `always_sends` may always send, whatever their
-- setting says: the centre's e-mail depends on them, so no admin can lock them out (the demo
-- centre marks the administration person and the admissions office).

alter table public.members add column if not exists email_sending boolean not null default true;

alter table public.mail_senders add column if not exists always_sends boolean not null default false;
alter table public.mail_senders drop constraint if exists mail_senders_always_sends_has_member;
alter table public.mail_senders add constraint mail_senders_always_sends_has_member
  check (not always_sends or member_id is not null);

-- Whether the member may always send (their account is one of the forced ones).
create or replace function app.always_sends_email(member uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.mail_senders s
                  where s.member_id = always_sends_email.member and s.always_sends)
$$;
revoke execute on function app.always_sends_email(uuid) from public, anon;
grant execute on function app.always_sends_email(uuid) to authenticated, service_role;

-- Whether the signed-in person may send e-mail now: staff, not blocked, with sending on or forced.
create or replace function app.may_send_email() returns boolean
language sql stable security definer set search_path = ''
as $$
  select app.is_staff() and (
    app.always_sends_email(auth.uid())
    or coalesce((select m.email_sending from public.members m where m.id = auth.uid()), false))
$$;
revoke execute on function app.may_send_email() from public, anon;
grant execute on function app.may_send_email() to authenticated, service_role;

-- The sender accounts as before, plus whether the signed-in member may send (`may_send`) and
-- whether that is forced (`always`), so the dialog can say so before anything is written.
create or replace function public.mail_sender_accounts() returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'senders', coalesce((select jsonb_agg(jsonb_build_object(
                 'key', s.key, 'display_name', s.display_name, 'address', s.address,
                 'is_admissions_office', s.is_admissions_office) order by s.position, s.key)
                 from public.mail_senders s), '[]'::jsonb),
    'mine', (select s.key from public.mail_senders s where s.member_id = auth.uid()),
    'may_send', app.may_send_email(),
    'always', app.always_sends_email(auth.uid()));
end;
$$;

-- webmail now also takes what the message is (one of the mail log's types a person may send)
-- and what triggered it (the template's name, or 'webmail' for a message written freely), and is
-- refused to a member whose e-mail sending is off.
drop function if exists public.webmail(text, text[], text[], text, text, jsonb);
create or replace function public.webmail(
  sender text, recipients text[], cc text[], subject text, html_body text,
  attachments jsonb default '[]'::jsonb,
  email_type text default 'Webmail',
  email_trigger text default 'webmail'
) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  account public.mail_senders;
  address text;
  pattern constant text := '^[\w-]+(\.[\w-]+)*@([\w-]+\.)+[A-Za-z]{2,7}$';
  item jsonb;
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  if not app.may_send_email() then
    raise exception 'E-mail sending is turned off for your account. An admin can turn it on in Members.'
      using errcode = '42501';
  end if;
  if webmail.email_type is null
     or webmail.email_type not in ('Webmail', 'Inquiry', 'Admissions', 'Payment Receipt',
                                   'Contribution Receipt') then
    raise exception 'Unknown e-mail type: %', coalesce(webmail.email_type, 'none') using errcode = '22023';
  end if;
  if webmail.email_trigger is null or webmail.email_trigger !~ '^[a-z][A-Za-z0-9_-]{0,40}$' then
    raise exception 'Unknown e-mail trigger' using errcode = '22023';
  end if;
  select * into account from public.mail_senders s where s.key = webmail.sender;
  if not found then
    raise exception 'Choose a sender' using errcode = '22023';
  end if;
  if coalesce(cardinality(recipients), 0) = 0 then
    raise exception 'Add at least one recipient' using errcode = '22023';
  end if;
  if cardinality(recipients) > 50 or coalesce(cardinality(cc), 0) > 50 then
    raise exception 'An e-mail goes to at most 50 recipients and 50 copies' using errcode = '22023';
  end if;
  foreach address in array recipients || coalesce(cc, '{}'::text[]) loop
    if address is null or address !~ pattern then
      raise exception '% is not an e-mail address', coalesce(address, 'An empty entry') using errcode = '22023';
    end if;
  end loop;
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html_body, ''))) = 0 then
    raise exception 'Write the message' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(attachments, '[]'::jsonb)) <> 'array' then
    raise exception 'The attachments must be a list' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) loop
    if jsonb_typeof(item) <> 'object' or coalesce(item ->> 'filename', '') = ''
       or jsonb_typeof(item -> 'content') is distinct from 'string' then
      raise exception 'Each attachment needs a file name and its content' using errcode = '22023';
    end if;
  end loop;
  if octet_length(coalesce(attachments, '[]'::jsonb)::text) > 14 * 1024 * 1024 then
    raise exception 'The attachments are larger than 10 MB' using errcode = '22023';
  end if;
  insert into public.email_outbox (sender, recipients, cc, subject, html_body, attachments,
                                   email_type, email_trigger, triggered_by)
  values (format('"%s" <%s>', account.display_name, account.address), recipients,
          coalesce(cc, '{}'::text[]), subject, html_body,
          (select coalesce(jsonb_agg(jsonb_build_object(
             'filename', left(i ->> 'filename', 200), 'content', i ->> 'content', 'encoding', 'base64',
             'contentType', coalesce(nullif(i ->> 'contentType', ''), 'application/octet-stream'))), '[]'::jsonb)
             from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) i),
          webmail.email_type, webmail.email_trigger, auth.uid());
  return jsonb_build_object('type', 'success',
                            'message', 'Email sent to ' || array_to_string(recipients, ', '));
end;
$$;
revoke execute on function public.webmail(text, text[], text[], text, text, jsonb, text, text) from public, anon;
grant execute on function public.webmail(text, text[], text[], text, text, jsonb, text, text) to authenticated;

-- admin_set_email_sending(member, enabled): an admin turns a member's e-mail sending on or off.
-- A forced account cannot be turned off ('E-mail sending is always on for …').
create or replace function public.admin_set_email_sending(member uuid, enabled boolean) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can change who sends e-mail' using errcode = '42501';
  end if;
  if enabled is null then
    raise exception 'Say whether e-mail sending is on or off' using errcode = '22023';
  end if;
  select * into m from public.members x where x.id = admin_set_email_sending.member for update;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  if not enabled and app.always_sends_email(m.id) then
    raise exception 'E-mail sending is always on for %', coalesce(nullif(m.name, ''), m.email)
      using errcode = 'P0001';
  end if;
  update public.members x set email_sending = enabled where x.id = m.id;
  return jsonb_build_object('type', 'success', 'message',
    format('E-mail sending turned %s for %s', case when enabled then 'on' else 'off' end,
           coalesce(nullif(m.name, ''), m.email)));
end;
$$;
revoke execute on function public.admin_set_email_sending(uuid, boolean) from public, anon;
grant execute on function public.admin_set_email_sending(uuid, boolean) to authenticated;

-- The admin member list, as in 20261126001700, with each member's e-mail sending: `email_sending`
-- (what the member may do now) and `email_sending_forced`.
create or replace function public.admin_list_members(
  filter text default 'all',
  sort text default 'name',
  page_size integer default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size,
    (select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15), 1), 100);
  total bigint;
  rows jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can list members' using errcode = '42501';
  end if;
  if filter not in ('all', 'guardians', 'students', 'facilitators', 'administration', 'blocked') then
    raise exception 'Unknown filter: %', filter using errcode = '22023';
  end if;
  if sort not in ('name', 'newest', 'frequent') then
    raise exception 'Unknown sort: %', sort using errcode = '22023';
  end if;
  with chosen as (
    select m.* from public.members m
     where case filter
             when 'guardians' then m.role = 'guardian'
             when 'students' then m.role = 'student'
             when 'facilitators' then m.role = 'facilitator' or m.extra = 'pf'
             when 'administration' then m.role in ('administration', 'admission', 'admin')
             when 'blocked' then m.status = 'blocked'
             else true
           end
  )
  select (select count(*) from chosen),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select c.id, c.email, c.name, c.role, c.status, c.extra, c.created_at, c.last_activity,
                  c.signin_count, c.app_version,
                  -- null: no sign-in account (yet) for this member.
                  (select u.email_confirmed_at is not null from auth.users u where u.id = c.id)
                    as email_confirmed,
                  c.email_sending or app.always_sends_email(c.id) as email_sending,
                  app.always_sends_email(c.id) as email_sending_forced
             from chosen c
            order by case when sort = 'newest' then c.created_at end desc nulls last,
                     case when sort = 'frequent' then c.signin_count end desc nulls last,
                     lower(c.name), c.email
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows);
end;
$$;
grant execute on function public.admin_list_members(text, text, integer, integer) to authenticated;

-- The admin's tools: the member list, blocking, the centre's counts and page size, the system log,
-- sign-in history, adding or removing a facilitator, and deleting a member.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- One page of the admin member list (F16): filtered and sorted, each member's real state (active,
-- e-mail not confirmed, blocked) and e-mail sending: `email_sending` (what the member may do now)
-- and `email_sending_forced`.
create or replace function public.admin_list_members(
  filter text default 'all',
  sort text default 'name',
  page_size integer default null,
  page_offset integer default 0,
  search text default null
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size,
    (select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15), 1), 100);
  total bigint;
  rows jsonb;
  -- What the admin typed, word by word: each word must be in the member's name or e-mail.
  words text[] := array_remove(regexp_split_to_array(lower(btrim(coalesce(search, ''))), '\s+'), '');
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
       -- strpos, not like: what is typed is text, so '%' and '_' match only themselves.
       and (select bool_and(strpos(lower(m.name || ' ' || m.email), w) > 0)
              from unnest(words) w) is not false
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

grant execute on function public.admin_list_members(text, text, integer, integer, text) to authenticated;

-- Blocks or unblocks a member (F19): blocked members lose every right at their next request.
-- An admin cannot block themselves (they would lock the centre out of its admin tools).
create or replace function public.admin_set_member_status(member uuid, new_status text)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  changed public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can block or unblock members' using errcode = '42501';
  end if;
  if new_status not in ('verified', 'blocked') then
    raise exception 'A member is verified or blocked, not %', new_status using errcode = '22023';
  end if;
  if member = auth.uid() then
    raise exception 'You cannot block yourself' using errcode = 'P0001';
  end if;
  update public.members m set status = new_status where m.id = member returning * into changed;
  if changed.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object('type', 'success', 'message', 'member status updated', 'status', changed.status);
end;
$$;

grant execute on function public.admin_set_member_status(uuid, text) to authenticated;

-- The admin's counts (F17) and the shared page size (F16). The counts are taken from the tables
-- when an admin reads them, so they can never drift from the data they count; `feedback` is the
-- number of entries about students, `feedbackReady` those written and waiting to be released.
-- The page size of every admin list (F16): the centre's setting, 15 until an admin chooses.
create or replace function app.page_size() returns integer
language sql stable set search_path = ''
as $$
  select coalesce((select s.pagination_limit from public.app_settings s where s.id = 'shared'), 15);
$$;

grant execute on function app.page_size() to authenticated;

create or replace function public.admin_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the centre''s counts' using errcode = '42501';
  end if;
  return jsonb_build_object(
    'paginationLimit', app.page_size(),
    'members', (
      select jsonb_build_object(
        'memberCount', count(*),
        'guardians', count(*) filter (where m.role = 'guardian'),
        'students', count(*) filter (where m.role = 'student'),
        'facilitators', count(*) filter (where m.role = 'facilitator' or m.extra = 'pf'),
        'administration', count(*) filter (where m.role in ('administration', 'admission', 'admin')),
        'members', count(*) filter (where m.role = 'member'),
        'blocked', count(*) filter (where m.status = 'blocked'))
        from public.members m),
    'accounts', (
      select jsonb_build_object(
        'users', count(*),
        'unverified', count(*) filter (where u.email_confirmed_at is null))
        from auth.users u where u.deleted_at is null),
    'facilitatorsAll', (select count(*) from public.facilitators),
    'scheduledTasks', (select count(*) from app.scheduled_tasks),
    'feedback', (select count(*) from public.feedback f where f.kind = 'student'),
    'feedbackReady', (select count(*) from public.feedback f where f.status = 'ready'),
    'meetings', (select count(*) from public.gatherings g where g.kind = 'meeting' and not g._deleted),
    'events', (select count(*) from public.gatherings g where g.kind = 'field_trip' and not g._deleted),
    'functionErrors', (select count(*) from public.system_errors e where e.dismissed_at is null),
    'systemWarnings', (select count(*) from public.system_warnings w where w.dismissed_at is null),
    'backendEmails', (select count(*) from public.email_outbox),
    'emailsFailed', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'emailsQueued', (select count(*) from public.email_outbox o where o.status in ('queued', 'sending')),
    'mailServer', (select t.configured from app.mail_transport t),
    'emailTypes', (
      select jsonb_object_agg(t.type, (select count(*) from public.email_outbox o
                                        where o.email_type = t.type))
        from unnest(array['Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt',
                          'Webmail', 'Members', 'Contribution Receipt',
                          'Payment Reminder']) as t(type))
  );
end;
$$;

revoke execute on function public.admin_overview() from public;

grant execute on function public.admin_overview() to authenticated;

-- Sets the page size of every admin list (F16), the same for every admin.
create or replace function public.admin_set_page_size(page_size integer) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can change the page size' using errcode = '42501';
  end if;
  if page_size is null or page_size not between 5 and 100 then
    raise exception 'The page size is a whole number from 5 to 100' using errcode = '22023';
  end if;
  update public.app_settings s set pagination_limit = page_size, updated_at = now()
   where s.id = 'shared';
  return jsonb_build_object('type', 'success', 'message', 'Page size updated',
                            'paginationLimit', page_size);
end;
$$;

revoke execute on function public.admin_set_page_size(integer) from public;

grant execute on function public.admin_set_page_size(integer) to authenticated;

-- The centre's bank details (issue 40), in the shared settings: an admin sets them, every member
-- who is not blocked reads them.
-- The details as an admin saves them: known fields only, trimmed, empty ones left out; the
-- account name, number and IFSC together or not at all.
create or replace function public.admin_set_bank_details(details jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  fields constant text[] := array['accountName', 'accountNumber', 'ifsc', 'bankName', 'branch'];
  cleaned jsonb := '{}'::jsonb;
  field text;
  value text;
  unknown text;
begin
  if not app.is_admin() then
    raise exception 'Only admins can change the bank details' using errcode = '42501';
  end if;
  if details is null or jsonb_typeof(details) <> 'object' then
    raise exception 'The bank details are a set of fields' using errcode = '22023';
  end if;
  select k into unknown from jsonb_object_keys(details) k where k <> all (fields) limit 1;
  if unknown is not null then
    raise exception 'Unknown bank detail: %', unknown using errcode = '22023';
  end if;
  foreach field in array fields loop
    if details ? field and jsonb_typeof(details -> field) <> 'string' then
      raise exception 'The % is text', field using errcode = '22023';
    end if;
    value := btrim(coalesce(details ->> field, ''));
    if length(value) > 100 then
      raise exception 'Use at most 100 characters' using errcode = '22023';
    end if;
    if value <> '' then
      cleaned := cleaned || jsonb_build_object(field, value);
    end if;
  end loop;
  if cleaned ? 'accountNumber' and (cleaned ->> 'accountNumber') !~ '^[0-9]{6,18}$' then
    raise exception 'An account number is 6 to 18 digits' using errcode = '22023';
  end if;
  if cleaned ? 'ifsc' and (cleaned ->> 'ifsc') !~ '^[A-Z]{4}0[A-Z0-9]{6}$' then
    raise exception 'An IFSC is 11 characters: four letters, 0, then six letters or digits'
      using errcode = '22023';
  end if;
  if (cleaned ?& array['accountName', 'accountNumber', 'ifsc'])
     <> (cleaned ?| array['accountName', 'accountNumber', 'ifsc']) then
    raise exception 'Give the account name, number and IFSC together, or leave all three empty'
      using errcode = '22023';
  end if;
  update public.app_settings s set bank_details = cleaned, updated_at = now() where s.id = 'shared';
  return jsonb_build_object('type', 'success', 'message', 'Bank details saved',
                            'bankDetails', cleaned);
end;
$$;

revoke execute on function public.admin_set_bank_details(jsonb) from public;
grant execute on function public.admin_set_bank_details(jsonb) to authenticated;

-- The details as saved ({} until an admin gives them), for members who are not blocked.
create or replace function public.centre_bank_details() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if app.role() is null then
    raise exception 'Only members of the centre can read its bank details' using errcode = '42501';
  end if;
  return coalesce((select s.bank_details from public.app_settings s where s.id = 'shared'),
                  '{}'::jsonb);
end;
$$;

revoke execute on function public.centre_bank_details() from public;
grant execute on function public.centre_bank_details() to authenticated;

-- Server code (edge functions, the host) records an error or a warning.
create or replace function public.log_system_event(
  kind text,
  source text,
  message text,
  details jsonb default '{}'::jsonb
) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  new_id uuid;
begin
  if kind not in ('error', 'warning') then
    raise exception 'A log entry is an error or a warning, not %', kind using errcode = '22023';
  end if;
  if coalesce(trim(source), '') = '' or coalesce(trim(message), '') = '' then
    raise exception 'A log entry needs a source and a message' using errcode = '22023';
  end if;
  if kind = 'error' then
    insert into public.system_errors (source, message, details)
    values (left(source, 100), left(message, 2000), coalesce(details, '{}'::jsonb))
    returning id into new_id;
  else
    insert into public.system_warnings (source, message, details)
    values (left(source, 100), left(message, 2000), coalesce(details, '{}'::jsonb))
    returning id into new_id;
  end if;
  return new_id;
end;
$$;

revoke execute on function public.log_system_event(text, text, text, jsonb) from public, anon, authenticated;

grant execute on function public.log_system_event(text, text, text, jsonb) to service_role;

-- System Errors and Warnings never keep a one-time link or code (a failure while queueing an
-- account e-mail could carry its link): they are hidden as the entry is written, whoever writes it
-- (app.hide_one_time_codes), so neither the admins' log nor a direct read of the table shows them.
create or replace function app.hide_codes_in_log() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.message := app.hide_one_time_codes(new.message);
  new.details := app.hide_one_time_codes(new.details::text)::jsonb;
  return new;
end;
$$;

revoke execute on function app.hide_codes_in_log() from public, anon, authenticated;

create trigger system_errors_hide_codes before insert on public.system_errors
  for each row execute function app.hide_codes_in_log();

create trigger system_warnings_hide_codes before insert on public.system_warnings
  for each row execute function app.hide_codes_in_log();

-- An e-mail that could not be delivered is an error for the admins, and so is one that reached
-- some of its addresses but was refused for good by others; the first refusal of one that will be
-- retried is a warning, so a mail server that keeps refusing is noticed early. A message put back
-- in the queue because the server itself failed (its attempt taken back) warns nobody: that
-- problem has its own error.
create or replace function app.log_outbox_trouble() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  what text := format('"%s" to %s', new.subject, array_to_string(new.recipients || new.cc, ', '));
  details jsonb := jsonb_build_object('emailId', new.id, 'type', new.email_type,
                                      'attempts', new.attempts, 'reason', new.last_error);
  refused text;
begin
  if new.status = 'failed' then
    insert into public.system_errors (source, message, details)
    values ('e-mail', left(format('The e-mail %s could not be sent: %s', what,
                                  coalesce(new.last_error, 'unknown error')), 2000), details);
  elsif new.status = 'sent' then
    select string_agg(e.key || ' (' || (e.value ->> 'reason') || ')', ', ' order by e.key)
      into refused
      from jsonb_each(new.deliveries) e where e.value ->> 'status' = 'refused';
    if refused is not null then
      insert into public.system_errors (source, message, details)
      values ('e-mail', left(format('The e-mail %s was sent, but not delivered to %s', what, refused),
                             2000), details);
    end if;
  elsif new.status = 'queued' and old.status = 'sending' and new.last_error is not null
        and new.attempts = 1 and old.attempts = new.attempts then
    insert into public.system_warnings (source, message, details)
    values ('e-mail', left(format('The e-mail %s was not accepted (%s); it will be tried again.',
                                  what, new.last_error), 2000), details);
  end if;
  return null;
end;
$$;

create trigger email_outbox_trouble
  after update of status on public.email_outbox
  for each row when (new.status is distinct from old.status)
  execute function app.log_outbox_trouble();

-- One page of errors or warnings, newest first, with the total for the pager.
create or replace function public.admin_system_log(
  kind text,
  show_dismissed boolean default false,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  size integer := app.page_size();
  total bigint;
  rows jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the system log' using errcode = '42501';
  end if;
  if kind not in ('error', 'warning') then
    raise exception 'A log entry is an error or a warning, not %', kind using errcode = '22023';
  end if;
  with chosen as (
    select e.id, e.logged_at, e.source, e.message, e.details, e.dismissed_at
      from public.system_errors e where kind = 'error'
    union all
    select w.id, w.logged_at, w.source, w.message, w.details, w.dismissed_at
      from public.system_warnings w where kind = 'warning'
  ), shown as (
    select * from chosen c where show_dismissed or c.dismissed_at is null
  )
  select (select count(*) from shown),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select * from shown s order by s.logged_at desc, s.id
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows);
end;
$$;

grant execute on function public.admin_system_log(text, boolean, integer) to authenticated;

-- Dismisses one entry, or every open entry of the kind when none is named.
create or replace function public.admin_dismiss_log(kind text, entry uuid default null)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can dismiss log entries' using errcode = '42501';
  end if;
  if kind = 'error' then
    update public.system_errors e set dismissed_at = now()
     where e.dismissed_at is null and (entry is null or e.id = entry);
  elsif kind = 'warning' then
    update public.system_warnings w set dismissed_at = now()
     where w.dismissed_at is null and (entry is null or w.id = entry);
  else
    raise exception 'A log entry is an error or a warning, not %', kind using errcode = '22023';
  end if;
  get diagnostics n = row_count;
  if entry is not null and n = 0 then
    raise exception 'That entry does not exist or is already dismissed' using errcode = 'PT404';
  end if;
  return jsonb_build_object('type', 'success', 'dismissed', n,
    'message', case when n = 1 then '1 entry dismissed' else n || ' entries dismissed' end);
end;
$$;

grant execute on function public.admin_dismiss_log(text, uuid) to authenticated;

-- The latest 20 sign-ins of a member, newest first, for the login history dialog.
create or replace function public.admin_login_history(member uuid) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read sign-in histories' using errcode = '42501';
  end if;
  return coalesce((select jsonb_agg(to_jsonb(h)) from (
    select l.at, l.app_version, l.user_agent, l.ip
      from public.login_history l
     where l.member_id = admin_login_history.member
     order by l.at desc
     limit 20) h), '[]'::jsonb);
end;
$$;

grant execute on function public.admin_login_history(uuid) to authenticated;

-- Adds a member as facilitator, or removes them (F23). Adding links the member to their
-- facilitator record (the one already linked to their account, else a pending one with their
-- address, else a new one), marks it active and gives them facilitator rights: a member without
-- a role becomes a facilitator, a guardian becomes a parent facilitator. Removing takes the
-- rights back and keeps the record, which their lessons still name.
create or replace function app.admin_set_facilitator(member uuid, make boolean) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  m public.members;
  fid text;
begin
  if not app.is_admin() then
    raise exception 'Only admins can add or remove facilitators' using errcode = '42501';
  end if;
  select * into m from public.members x where x.id = admin_set_facilitator.member for update;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  if make then
    if m.role not in ('member', 'guardian', 'facilitator') then
      raise exception 'Only members without a role and guardians can be made facilitators.'
        using errcode = 'P0001';
    end if;
    select f.id into fid from public.facilitators f where f.auth_uid = m.id and not f._deleted;
    if fid is null then
      select f.id into fid from public.facilitators f
       where f.email = m.email and f.auth_uid is null and not f._deleted;
    end if;
    if fid is null then
      insert into public.facilitators (id, name, email, status, auth_uid)
      values (gen_random_uuid()::text, coalesce(nullif(m.name, ''), m.email), m.email, 'active', m.id)
      returning id into fid;
    else
      update public.facilitators f set status = 'active', auth_uid = m.id where f.id = fid;
    end if;
    update public.members x
       set is_facilitator = true,
           facilitator_id = fid,
           role = case when x.role = 'member' then 'facilitator' else x.role end,
           extra = case when x.role = 'guardian' then 'pf' else x.extra end
     where x.id = m.id;
  else
    update public.members x
       set is_facilitator = false,
           facilitator_id = null,
           role = case when x.role = 'facilitator' then 'member' else x.role end,
           extra = case when x.extra in ('pf', 'admin') then null else x.extra end
     where x.id = m.id;
  end if;
  return jsonb_build_object('type', 'success', 'message', 'Facilitator list updated',
                            'facilitatorId', fid);
end;
$$;

grant execute on function app.admin_set_facilitator(uuid, boolean) to authenticated;

grant execute on function app.admin_set_facilitator(uuid, boolean) to service_role;

-- What the admin's device calls: marks the writes to facilitators as the app's own (see
-- public.sync_push in 02_sync.sql) around app.admin_set_facilitator.
create function public.admin_set_facilitator(member uuid, make boolean)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  outer_writer text := coalesce(current_setting('app.writer', true), '');
  answer jsonb;
begin
  perform set_config('app.writer', 'admin_set_facilitator', true);
  answer := app.admin_set_facilitator(member, make);
  perform set_config('app.writer', outer_writer, true);
  return answer;
end;
$$;

revoke execute on function public.admin_set_facilitator(uuid, boolean) from public, anon;

grant execute on function public.admin_set_facilitator(uuid, boolean) to authenticated;

-- Deleting a member (operations.md §2, §7 deleteMember; F21). The account goes with its member
-- record and sign-in history; what names the person keeps its place without the link: their
-- facilitator record waits for a sign-up again, their family contact can be connected again.
create or replace function public.admin_delete_member(member uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can delete members' using errcode = '42501';
  end if;
  if admin_delete_member.member = auth.uid() then
    raise exception 'You cannot delete your own account' using errcode = 'P0001';
  end if;
  select * into m from public.members x where x.id = admin_delete_member.member;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  update public.facilitators f set status = 'authPending', auth_uid = null where f.auth_uid = m.id;
  update public.family_contacts c set member_id = null, connected_at = null where c.member_id = m.id;
  delete from auth.users u where u.id = m.id;
  return jsonb_build_object('type', 'success', 'message', 'Member deleted');
end;
$$;

revoke execute on function public.admin_delete_member(uuid) from public, anon;

grant execute on function public.admin_delete_member(uuid) to authenticated;

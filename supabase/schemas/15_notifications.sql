-- Notifications (P01-P08): what the server tells a person about, in the app. A notification is a
-- record of the `reference` collection (kind 'notification') that names the member it is for, so
-- it reaches every role's devices with the reference lists, and row-level security sends each
-- person their own only. The server makes them when the event happens (triggers on the tables
-- the events are written to, and the daily expiring-document job), never the device that caused
-- the event, and only for members whose switch for that audience is on. The person marks one
-- read and clears the read ones, offline too; nothing else of a notification can change.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

alter table public.reference add constraint notification_names_member
  check ((kind = 'notification') = (member_id is not null));

comment on constraint notification_names_member on public.reference is
  'A notification is for one member; no other reference record names one.';

-- P01: notificationUUID (id), memberUUID (member_id), status 'active', date, isNew, action,
-- actionItem (where opening it leads), and the sentence shown.
alter table public.reference add constraint notification_shape check (
  kind <> 'notification' or (
    data ->> 'status' = 'active'
    and jsonb_typeof(data -> 'isNew') = 'boolean'
    and coalesce(data ->> 'action', '') ~ '^[a-z][a-z_]{1,40}$'
    and length(btrim(coalesce(data ->> 'title', ''))) between 1 and 300
    and coalesce(data ->> 'date', '') <> ''
    and length(coalesce(data ->> 'actionItem', '')) <= 2000));

comment on constraint notification_shape on public.reference is
  'A notification is active, new or read, and has an action, a date and a title of 1 to 300 characters.';

create index if not exists reference_member_idx on public.reference (member_id) where member_id is not null;

-- Whose notification it is decides who reads it: it never changes once written.
create trigger member_is_fixed before update on public.reference
  for each row execute function app.columns_are_fixed('member_id');

-- A person may mark their notification read and clear it; nothing else of it changes, and a read
-- one never becomes new again, nor a cleared one come back. The server's own code is not held.
create or replace function app.notification_read_or_cleared() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.kind <> 'notification' or current_user::text not in ('anon', 'authenticated') then
    return new;
  end if;
  if (new.data - 'isNew') is distinct from (old.data - 'isNew')
     or ((old.data -> 'isNew') = 'false'::jsonb and (new.data -> 'isNew') <> 'false'::jsonb)
     or (old._deleted and not new._deleted) then
    raise exception 'A notification can only be marked read or cleared.' using errcode = 'P0001';
  end if;
  return new;
end;
$$;

revoke execute on function app.notification_read_or_cleared() from public, anon, authenticated;

create trigger notification_read_or_cleared before update on public.reference
  for each row execute function app.notification_read_or_cleared();

-- P04, P05: a person marks their own notifications read and clears them.
create policy "Members mark their own notifications read and clear them" on public.reference
  for update to authenticated
  using (kind = 'notification' and member_id = (select auth.uid()) and (select app.role()) is not null)
  with check (kind = 'notification' and member_id = (select auth.uid()) and (select app.role()) is not null);

-- The audience a member's notifications come under when the caller does not say: their role's.
create or replace function app.notification_audience(role text) returns text
language sql immutable set search_path = ''
as $$
  select case role
           when 'facilitator' then 'facilitator'
           when 'guardian' then 'parents'
           when 'student' then 'students'
           when 'admin' then 'administration'
           when 'administration' then 'administration'
           when 'admission' then 'administration'
         end
$$;

revoke execute on function app.notification_audience(text) from public, anon, authenticated;

-- The one way to tell a member something (meetings, trips and every later source call it too):
--   perform app.notify(member, 'meeting_added', 'A parents'' meeting on 3 March', '/parents/dash');
-- `action` names what it is about ('calendar_event' opens `link` in a new tab); `link` is where
-- opening it leads (an address in the app, or a calendar event's). `audience` ('facilitator',
-- 'administration', 'parents', 'students') is the member's switch that must be on (their role's
-- when null). Nobody is told about what they did themselves, nor a blocked member. With `once`,
-- the member hears of that thing once ever (the id is made from it); without, a new unread
-- notification of the same action and link replaces the older one's date and title, so a busy
-- afternoon of edits is one line, not fifty. Returns the notification's id, or null when none.
create or replace function app.notify(
  member uuid,
  action text,
  title text,
  link text default null,
  audience text default null,
  once text default null
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  who public.members;
  heard text;
  made text;
  body jsonb;
  allowed boolean;
begin
  if member is null or member is not distinct from auth.uid() then
    return null;
  end if;
  select * into who from public.members m where m.id = member;
  if who.id is null or who.status <> 'verified' then
    return null;
  end if;
  audience := coalesce(audience, app.notification_audience(who.role));
  allowed := case audience
               when 'facilitator' then who.notifications_facilitator
               when 'administration' then who.notifications_administration
               when 'parents' then who.notifications_parents
               when 'students' then who.notifications_students
               else false end;
  if not coalesce(allowed, false) then
    return null;
  end if;
  body := jsonb_build_object('status', 'active', 'isNew', true, 'action', action,
                             'title', left(btrim(title), 300), 'actionItem', coalesce(link, ''),
                             'date', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  if once is not null then
    insert into public.reference (id, kind, member_id, data)
    values ('n-' || md5(member::text || ':' || once), 'notification', member, body)
    on conflict (id) do nothing
    returning id into made;
    return made;
  end if;
  select r.id into heard from public.reference r
   where r.kind = 'notification' and r.member_id = member and not r._deleted
     and r.data ->> 'action' = action and r.data ->> 'actionItem' = coalesce(link, '')
     and (r.data -> 'isNew') = 'true'::jsonb
   limit 1;
  if heard is not null then
    update public.reference r set data = body where r.id = heard;
    return heard;
  end if;
  made := gen_random_uuid()::text;
  insert into public.reference (id, kind, member_id, data) values (made, 'notification', member, body);
  return made;
end;
$$;

revoke execute on function app.notify(uuid, text, text, text, text, text) from public, anon, authenticated;

-- The members who teach a group: the facilitators its weekly template names.
create or replace function app.group_facilitator_members(grp text) returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select distinct m.id
    from public.timetables t
   cross join lateral jsonb_path_query(t.data, '$.days.*[*].facilitatorId') f(id)
    join public.members m on m.facilitator_id = f.id #>> '{}' and m.status = 'verified'
   where t.kind = 'group_template' and t.group_id = grp and not t._deleted
$$;

revoke execute on function app.group_facilitator_members(text) from public, anon, authenticated;

-- The office: admins, administration and admission staff.
create or replace function app.office_members() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select m.id from public.members m
   where m.role in ('admin', 'administration', 'admission') and m.status = 'verified'
$$;

revoke execute on function app.office_members() from public, anon, authenticated;

-- A family's guardians with an account.
create or replace function app.family_guardian_members(family text) returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select m.id from public.members m
   where m.role = 'guardian' and m.status = 'verified' and m.family_token = family
$$;

revoke execute on function app.family_guardian_members(text) from public, anon, authenticated;

-- A facilitator hears when someone else changes their group's week (a week made from the
-- template is no change), or when a family reports a child's absence ahead.
create or replace function app.notify_lesson_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
  grp text := new.group_id;
  grp_name text;
begin
  if tg_table_name = 'timetables' then
    if new.kind <> 'week' or new._deleted or new.data is not distinct from old.data then
      return null;
    end if;
    grp_name := coalesce(nullif(new.data ->> 'groupName', ''), 'your group');
    for who in select app.group_facilitator_members(grp) loop
      perform app.notify(who, 'week_changed',
        format('%s changed the week of %s (%s)',
               coalesce(nullif(new.updated_by_name, ''), 'Someone'), grp_name, new.data ->> 'mondayDate'),
        '/facilitators/dash?pane=lessons', 'facilitator');
    end loop;
  elsif new.kind = 'absence' and new.data ->> 'reportedBy' = 'family' and not new._deleted
        and tg_op = 'INSERT' then
    for who in select app.group_facilitator_members(grp) loop
      perform app.notify(who, 'absence_reported',
        format('%s will be away on %s',
               coalesce((select s.name from public.students s where s.id = new.student_id), 'A child'),
               new.data ->> 'date'),
        '/facilitators/dash?pane=absences', 'facilitator');
    end loop;
  end if;
  return null;
end;
$$;

revoke execute on function app.notify_lesson_events() from public, anon, authenticated;

create trigger notify_week_changed after update on public.timetables
  for each row execute function app.notify_lesson_events();

create trigger notify_absence_reported after insert on public.lesson_items
  for each row execute function app.notify_lesson_events();

-- A facilitator hears when a child starts a trial in their group.
create or replace function app.notify_trial_joined() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
begin
  if new.status <> 'trial' or new._deleted or new.group_id is null
     or (tg_op = 'UPDATE' and old.status = 'trial' and old.group_id is not distinct from new.group_id) then
    return null;
  end if;
  for who in select app.group_facilitator_members(new.group_id) loop
    perform app.notify(who, 'trial_joined',
      format('%s joins %s for a trial', new.name,
             coalesce((select r.data ->> 'name' from public.reference r where r.id = new.group_id), 'your group')),
      '/facilitators/dash?pane=trials', 'facilitator', 'trial:' || new.id || ':' || new.group_id);
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_trial_joined() from public, anon, authenticated;

create trigger notify_trial_joined after insert or update of status, group_id on public.students
  for each row execute function app.notify_trial_joined();

-- The office hears of a new application.
create or replace function app.notify_application() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
begin
  if new._deleted then
    return null;
  end if;
  for who in select app.office_members() loop
    perform app.notify(who, 'application',
      case when new.kind = 'facilitator'
           then format('New facilitator application: %s', coalesce(nullif(btrim(new.family_name), ''), 'no name'))
           else format('New application from the %s family', coalesce(nullif(btrim(new.family_name), ''), 'unnamed')) end,
      '/administration/dash', 'administration', 'application:' || new.id);
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_application() from public, anon, authenticated;

create trigger notify_application after insert on public.inquiries
  for each row execute function app.notify_application();

-- The office hears of a payment a guardian reports; the family hears of each receipt.
create or replace function app.notify_payment() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
  family_name text := (select f.name from public.families f where f.id = new.family_id);
begin
  if new._deleted then
    return null;
  end if;
  if tg_op = 'INSERT' and new.status = 'reported' then
    for who in select app.office_members() loop
      perform app.notify(who, 'payment_reported',
        format('The %s family reported a payment of ₹%s', coalesce(family_name, 'a'), new.data ->> 'amount'),
        '/administration/dash?pane=payments', 'administration', 'reported:' || new.id);
    end loop;
  end if;
  if new.receipt_number is not null and new.status = 'recorded'
     and (tg_op = 'INSERT' or old.receipt_number is distinct from new.receipt_number) then
    for who in select app.family_guardian_members(new.family_id) loop
      perform app.notify(who, 'receipt',
        format('Receipt %s: ₹%s received', new.receipt_number, new.data ->> 'amount'),
        '/parents/dash?pane=payments', 'parents', 'receipt:' || new.id || ':' || new.receipt_number);
    end loop;
  end if;
  return null;
end;
$$;

revoke execute on function app.notify_payment() from public, anon, authenticated;

create trigger notify_payment after insert or update of status, receipt_number on public.payments
  for each row execute function app.notify_payment();

-- The admins hear of an e-mail or a WhatsApp message that failed for good: the Node Mailer and
-- WhatsApp panes, where it is seen and sent again, are theirs.
create or replace function app.notify_message_failed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
begin
  if new.status <> 'failed' or old.status = 'failed' then
    return null;
  end if;
  for who in select m.id from public.members m where m.role = 'admin' and m.status = 'verified' loop
    if tg_table_name = 'email_outbox' then
      perform app.notify(who, 'message_failed',
        format('An e-mail could not be sent: %s', new.subject),
        '/admin/dash/nodemailer', 'administration', 'mail:' || new.id);
    else
      perform app.notify(who, 'message_failed', 'A WhatsApp message could not be sent',
        '/admin/dash/whatsapp', 'administration', 'whatsapp:' || new.message_id);
    end if;
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_message_failed() from public, anon, authenticated;

create trigger notify_message_failed after update of status on public.email_outbox
  for each row execute function app.notify_message_failed();

create trigger notify_message_failed after update of status on public.whatsapp_outbox
  for each row execute function app.notify_message_failed();

-- A family hears when a child's feedback is released.
create or replace function app.notify_feedback_released() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  who uuid;
  child public.students;
begin
  if new.kind <> 'student' or new.status <> 'released' or new._deleted
     or (tg_op = 'UPDATE' and old.status = 'released') then
    return null;
  end if;
  select * into child from public.students s where s.id = new.student_id;
  if child.id is null then
    return null;
  end if;
  for who in select app.family_guardian_members(child.family_id) loop
    perform app.notify(who, 'feedback_released',
      format('%s''s feedback for term %s is ready', child.name, split_part(new.term, '_', 3)),
      '/parents/dash?pane=feedback', 'parents', 'feedback:' || new.id);
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_feedback_released() from public, anon, authenticated;

create trigger notify_feedback_released after insert or update of status on public.feedback
  for each row execute function app.notify_feedback_released();

-- Expiring-document notices: a family hears, once per document and expiry date, when a
-- guardian's or child's identity document expires within 30 days.
create or replace function app.task_document_expiry() returns text
language plpgsql security definer set search_path = ''
as $$
declare
  doc record;
  who uuid;
  today date := (now() at time zone 'Asia/Kolkata')::date;
  n integer := 0;
begin
  for doc in
    with docs as (
      select f.id as family_id, coalesce(nullif(btrim(concat_ws(' ', g ->> 'firstName', g ->> 'lastName')), ''), 'A guardian') as person,
             p as proof
        from public.families f
       cross join lateral jsonb_array_elements(coalesce(f.data -> 'guardians', '[]'::jsonb)) g
       cross join lateral jsonb_array_elements(case when jsonb_typeof(g -> 'identityProof') = 'array'
                                                   then g -> 'identityProof' else '[]'::jsonb end) p
       where not f._deleted and f.status in ('admission', 'enrolled')
      union all
      select s.family_id, s.name, p
        from public.students s
       cross join lateral jsonb_array_elements(case when jsonb_typeof(s.data -> 'identityProof') = 'array'
                                                   then s.data -> 'identityProof' else '[]'::jsonb end) p
       where not s._deleted and s.status <> 'terminated'
    )
    select d.family_id, d.person,
           coalesce(nullif(d.proof ->> 'identityProofSelection', ''), 'identity document') as what,
           (d.proof ->> 'expiryDate')::date as expires
      from docs d
     where coalesce((d.proof ->> 'hasExpiryDate')::boolean, true)
       and app.is_date(d.proof ->> 'expiryDate')
       and (d.proof ->> 'expiryDate')::date between today and today + 30
  loop
    for who in select app.family_guardian_members(doc.family_id) loop
      if app.notify(who, 'document_expiring',
           format('%s''s %s expires on %s', doc.person, doc.what, to_char(doc.expires, 'DD Mon YYYY')),
           '/parents/settings', 'parents',
           'expiry:' || doc.family_id || ':' || doc.person || ':' || doc.what || ':' || doc.expires) is not null then
        n := n + 1;
      end if;
    end loop;
  end loop;
  return case when n = 0 then 'No family had a document expiring within 30 days that it had not heard of.'
              when n = 1 then '1 notice of an expiring document was sent.'
              else format('%s notices of expiring documents were sent.', n) end;
end;
$$;

revoke execute on function app.task_document_expiry() from public, anon, authenticated;

-- The member notifications dialog: which audiences a member hears as (admins only).
create or replace function public.admin_member_notifications(member uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  m public.members;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read a member''s notification settings' using errcode = '42501';
  end if;
  select * into m from public.members x where x.id = member;
  if m.id is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object('facilitator', m.notifications_facilitator,
                            'administration', m.notifications_administration,
                            'parents', m.notifications_parents,
                            'students', m.notifications_students);
end;
$$;

revoke execute on function public.admin_member_notifications(uuid) from public, anon;

grant execute on function public.admin_member_notifications(uuid) to authenticated;

-- Turns one audience of a member's notifications on or off (admins only).
create or replace function public.admin_set_member_notifications(member uuid, audience text, enabled boolean)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changed uuid;
begin
  if not app.is_admin() then
    raise exception 'Only admins can change a member''s notifications' using errcode = '42501';
  end if;
  if audience is null or audience not in ('facilitator', 'administration', 'parents', 'students') then
    raise exception 'Notifications are for facilitators, administration, parents or students, not %', audience
      using errcode = '22023';
  end if;
  if enabled is null then
    raise exception 'Say whether the notifications are on or off' using errcode = '22023';
  end if;
  update public.members m
     set notifications_facilitator = case when audience = 'facilitator' then enabled else m.notifications_facilitator end,
         notifications_administration = case when audience = 'administration' then enabled else m.notifications_administration end,
         notifications_parents = case when audience = 'parents' then enabled else m.notifications_parents end,
         notifications_students = case when audience = 'students' then enabled else m.notifications_students end
   where m.id = member
  returning m.id into changed;
  if changed is null then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object('type', 'success',
                            'message', case when enabled then 'Notifications enabled' else 'Notifications disabled' end);
end;
$$;

revoke execute on function public.admin_set_member_notifications(uuid, text, boolean) from public, anon;

grant execute on function public.admin_set_member_notifications(uuid, text, boolean) to authenticated;

-- Parents' meetings: a guardian hears of a new meeting; whoever set it up and the facilitators of
-- the groups the guardian's children are in hear of each answer (P08, N19).
-- Where a member sees a meeting's answers: the Meetings pane of their dashboard.
create or replace function app.meetings_pane_of(member uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select case when m.role = 'facilitator' then '/facilitators/dash?pane=meetings'
              when m.role in ('admin', 'administration', 'admission') then '/administration/dash?pane=meetings'
         end
    from public.members m where m.id = member
$$;

revoke execute on function app.meetings_pane_of(uuid) from public, anon, authenticated;

create or replace function app.notify_meeting_events() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  meeting public.gatherings;
  who record;
  guardian text := coalesce(nullif(btrim(new.data ->> 'name'), ''), 'A guardian');
begin
  if new.kind <> 'participant' then
    return null;
  end if;
  select * into meeting from public.gatherings g where g.id = new.meeting_id and g.kind = 'meeting';
  if meeting.id is null or meeting.status = 'archived' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    -- The guardian's account, when they have one, hears of the meeting once.
    perform app.notify(new.member_id, 'meeting_added',
      format('Parents'' meeting: %s on %s, %s–%s', meeting.data ->> 'title', meeting.data ->> 'date',
             meeting.data ->> 'startTime', meeting.data ->> 'endTime'),
      '/parents/dash', 'parents', 'meeting:' || meeting.id);
    return null;
  end if;
  if new.status not in ('accepted', 'rejected') or new.status is not distinct from old.status then
    return null;
  end if;
  -- Whoever set the meeting up hears as office staff or as a facilitator (a parent facilitator too); the facilitators of the meeting's groups
  -- the guardian's children are in hear as facilitators. Each answer is a line of its own.
  for who in
    select m.id, case when m.role in ('admin', 'administration', 'admission') then 'administration'
                      else 'facilitator' end as audience
      from public.members m where m.id = meeting.created_by
    union
    select f.id, 'facilitator'
      from (select distinct s.group_id from public.students s
             where s.family_id = new.family_id and s.group_id = any (meeting.group_ids)
               and s.status <> 'terminated' and not s._deleted) g
     cross join lateral app.group_facilitator_members(g.group_id) f(id)
     where f.id is distinct from meeting.created_by
  loop
    perform app.notify(who.id, 'meeting_reply',
      format('%s %s %s (%s)', guardian,
             case when new.status = 'accepted' then 'will come to' else 'can''t come to' end,
             meeting.data ->> 'title', meeting.data ->> 'date'),
      coalesce(app.meetings_pane_of(who.id), '/facilitators/dash?pane=meetings'), who.audience,
      'meeting-reply:' || new.id || ':' || new.status || ':' || new.updated_at);
  end loop;
  return null;
end;
$$;

revoke execute on function app.notify_meeting_events() from public, anon, authenticated;

create trigger notify_meeting_events after insert or update of status on public.gatherings
  for each row execute function app.notify_meeting_events();

-- F28: an admin views a member's notifications and clears them (member notifications dialog).
-- The member's notifications, newest first: the 50 newest and how many there are.
create or replace function public.admin_member_notification_list(member uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_admin() then
    raise exception 'Only admins can read a member''s notifications' using errcode = '42501';
  end if;
  if not exists (select 1 from public.members m where m.id = member) then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  return jsonb_build_object(
    'total', (select count(*) from public.reference r
               where r.kind = 'notification' and r.member_id = member and not r._deleted),
    'items', coalesce((select jsonb_agg(jsonb_build_object('id', n.id, 'title', n.data ->> 'title',
                                                           'action', n.data ->> 'action',
                                                           'date', n.data ->> 'date',
                                                           'isNew', (n.data -> 'isNew') = 'true'::jsonb)
                                        order by n.data ->> 'date' desc, n.id)
                         from (select r.id, r.data from public.reference r
                                where r.kind = 'notification' and r.member_id = member and not r._deleted
                                order by r.data ->> 'date' desc, r.id
                                limit 50) n), '[]'::jsonb));
end;
$$;

revoke execute on function public.admin_member_notification_list(uuid) from public, anon;

grant execute on function public.admin_member_notification_list(uuid) to authenticated;

-- Clears every notification of a member (admins only).
create or replace function public.admin_clear_member_notifications(member uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can clear a member''s notifications' using errcode = '42501';
  end if;
  if not exists (select 1 from public.members m where m.id = member) then
    raise exception 'No such member' using errcode = 'PT404';
  end if;
  update public.reference r set _deleted = true
   where r.kind = 'notification' and r.member_id = member and not r._deleted;
  get diagnostics n = row_count;
  return jsonb_build_object('type', 'success', 'cleared', n,
                            'message', case when n = 0 then 'There were no notifications to clear'
                                            when n = 1 then '1 notification cleared'
                                            else format('%s notifications cleared', n) end);
end;
$$;

revoke execute on function public.admin_clear_member_notifications(uuid) from public, anon;

grant execute on function public.admin_clear_member_notifications(uuid) to authenticated;

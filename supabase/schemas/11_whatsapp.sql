-- WhatsApp: the numbers the centre writes to and their messages (replicated to the office), the
-- outbox each message waits in until Meta's Cloud API has taken it, delivery reports and replies
-- written back, and what wakes the WhatsApp dispatcher.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create table if not exists public.whatsapp (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  wa_id text not null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  created_by uuid,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  -- number: what the server counts
  received integer,
  sent integer,
  msg_total integer,
  last_received_at timestamptz,
  last_sent_at timestamptz,
  last_template_sent_at timestamptz,
  family_token text,
  -- message: its place in the chat and what became of it
  msg_count integer,
  status text,
  status_reason text,
  status_at timestamptz,
  wamid text,
  constraint whatsapp_kind_known check (kind in ('number', 'message')),
  constraint whatsapp_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint whatsapp_number_digits check (wa_id ~ '^[0-9]{8,15}$'),
  constraint whatsapp_number_named_by_number check (kind <> 'number' or id = 'wa-' || wa_id),
  constraint whatsapp_number_has_name check (
    kind <> 'number' or length(btrim(coalesce(data ->> 'name', ''))) between 1 and 200),
  constraint whatsapp_number_status_known check (
    kind <> 'number' or data ->> 'status' in ('Active', 'disabled')),
  constraint whatsapp_message_direction_known check (
    kind <> 'message' or data ->> 'direction' in ('in', 'out')),
  constraint whatsapp_message_has_text check (
    kind <> 'message' or length(btrim(coalesce(data ->> 'body', ''))) between 1 and 4096),
  constraint whatsapp_message_mode_known check (
    kind <> 'message' or data ->> 'direction' = 'in' or data ->> 'mode' in ('session', 'template')),
  constraint whatsapp_status_known check (
    status is null or status in ('queued', 'sent', 'delivered', 'read', 'failed', 'received'))
);

comment on constraint whatsapp_number_digits on public.whatsapp is
  'A WhatsApp number has 8 to 15 digits, country code first.';

comment on constraint whatsapp_number_named_by_number on public.whatsapp is
  'A WhatsApp number''s record is named after the number (wa-<digits>).';

comment on constraint whatsapp_number_has_name on public.whatsapp is
  'A WhatsApp number needs a name (at most 200 characters).';

comment on constraint whatsapp_number_status_known on public.whatsapp is
  'A WhatsApp number is Active or disabled.';

comment on constraint whatsapp_message_direction_known on public.whatsapp is
  'A WhatsApp message goes out or comes in.';

comment on constraint whatsapp_message_has_text on public.whatsapp is
  'A WhatsApp message needs some text (at most 4096 characters).';

comment on constraint whatsapp_message_mode_known on public.whatsapp is
  'A WhatsApp message goes as a session message or as a template message.';

alter table public.whatsapp enable row level security;

create index if not exists whatsapp_number_idx on public.whatsapp (wa_id, msg_count);

create unique index if not exists whatsapp_wamid_idx on public.whatsapp (wamid) where wamid is not null;

-- Who wrote a record, the server's counts, and the rules a message must keep when it arrives:
-- the number must exist (O15's words), an outgoing one needs an Active number, and free text goes
-- only inside the 24 hours after the person's last message (O12, §4): outside it a template.
-- Each message takes the next place (msg_count) in its number's chat (O16-O18).
create or replace function app.whatsapp_before_write() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  n public.whatsapp;
begin
  -- Someone who is not staff is refused here, as row-level security would refuse them, before
  -- anything below could tell them whether a number exists. A meeting's invitations are the
  -- server's own writes, whoever set the meeting up.
  if tg_op = 'UPDATE' and (to_jsonb(new) - '_seq' - '_modified') = (to_jsonb(old) - '_seq' - '_modified') then
    -- Sync's own bookkeeping (numbering the change at commit) is no change to the message.
    return new;
  end if;
  if auth.uid() is not null and not app.is_staff()
     and coalesce(current_setting('app.gathering_server', true), '') <> 'on' then
    raise exception 'You are not allowed to make this change to whatsapp.' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' then
    new.created_by := old.created_by;
    new.created_at := old.created_at;
    new.updated_at := now();
    new.updated_by := coalesce(auth.uid(), old.updated_by);
    return new;
  end if;
  new.created_by := auth.uid();
  new.updated_at := now();
  new.updated_by := auth.uid();
  if new.kind = 'number' then
    -- Country codes never begin with 0: '09876543211' is a national number written with its trunk 0.
    if new.wa_id like '0%' then
      raise exception 'A WhatsApp number starts with its country code, such as 91.' using errcode = 'P0001';
    end if;
    -- A number the server already counts for (made again by a device) keeps nothing of the device's.
    new.received := 0;
    new.sent := 0;
    new.msg_total := 0;
    new.last_received_at := null;
    new.last_sent_at := null;
    new.last_template_sent_at := null;
    new.msg_count := null;
    new.status := null;
    new.wamid := null;
    select c.family_token into new.family_token
      from public.family_contacts c where c.whatsapp = new.wa_id
     order by c.family_token limit 1;
    return new;
  end if;

  select * into n from public.whatsapp w
   where w.id = 'wa-' || new.wa_id and w.kind = 'number' and not w._deleted
   for update;
  if not found then
    raise exception 'WhatsApp number not found' using errcode = 'P0001';
  end if;
  new.received := null;
  new.sent := null;
  new.msg_total := null;
  new.last_received_at := null;
  new.last_sent_at := null;
  new.last_template_sent_at := null;
  new.family_token := null;
  new.status_reason := null;
  new.status_at := now();
  new.msg_count := coalesce(n.msg_total, 0) + 1;
  if new.data ->> 'direction' = 'out' then
    if n.data ->> 'status' <> 'Active' then
      raise exception 'This WhatsApp number is disabled: nothing is sent to it.' using errcode = 'P0001';
    end if;
    if new.data ->> 'mode' = 'session'
       and (n.last_received_at is null or n.last_received_at <= now() - interval '24 hours') then
      raise exception 'The 24-hour window with this number is closed: only a template message can be sent.'
        using errcode = 'P0001';
    end if;
    new.status := 'queued';
    new.wamid := null;
    update public.whatsapp w set msg_total = new.msg_count where w.id = n.id;
  else
    new.status := 'received';
    update public.whatsapp w
       set msg_total = new.msg_count,
           received = coalesce(w.received, 0) + 1,
           last_received_at = greatest(coalesce(w.last_received_at, new.created_at), new.created_at)
     where w.id = n.id;
  end if;
  return new;
end;
$$;

revoke execute on function app.whatsapp_before_write() from public, anon, authenticated;

create trigger whatsapp_before_write before insert or update on public.whatsapp
  for each row execute function app.whatsapp_before_write();

select app.register_sync_table('whatsapp', array[
  'created_by', 'updated_at', 'updated_by', 'received', 'sent', 'msg_total', 'last_received_at',
  'last_sent_at', 'last_template_sent_at', 'family_token', 'msg_count', 'status', 'status_reason',
  'status_at', 'wamid']);

revoke all on public.whatsapp from anon;

grant select, insert, update on public.whatsapp to authenticated;

grant all on public.whatsapp to service_role;

create trigger kind_is_fixed before update on public.whatsapp
  for each row execute function app.kind_is_fixed();

create trigger writes_go_through_functions before insert or update or delete on public.whatsapp
  for each statement execute function app.writes_go_through_functions();

-- The office reaches families by WhatsApp: admins, administration and admission (§6).
create policy "Staff can read WhatsApp" on public.whatsapp
  for select to authenticated using ((select app.is_staff()));

-- Staff add numbers and send messages; only the server writes what comes in.
create policy "Staff can add numbers and send messages" on public.whatsapp
  for insert to authenticated
  with check ((select app.is_staff())
              and (kind = 'number' or (kind = 'message' and data ->> 'direction' = 'out')));

-- Staff rename, disable or enable a number (or remove it, softly); a message, once sent, stays.
create policy "Staff can change numbers" on public.whatsapp
  for update to authenticated
  using ((select app.is_staff()) and kind = 'number')
  with check ((select app.is_staff()) and kind = 'number');

create table if not exists public.whatsapp_outbox (
  message_id text primary key references public.whatsapp (id),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

alter table public.whatsapp_outbox enable row level security;

create index if not exists whatsapp_outbox_due_idx on public.whatsapp_outbox (next_attempt_at) where status = 'queued';

revoke all on public.whatsapp_outbox from anon, authenticated;

grant all on public.whatsapp_outbox to service_role;

create or replace function app.whatsapp_queue() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.kind = 'message' and new.data ->> 'direction' = 'out' then
    insert into public.whatsapp_outbox (message_id) values (new.id) on conflict do nothing;
    perform pg_notify('whatsapp_outbox', new.id);
  end if;
  return null;
end;
$$;

revoke execute on function app.whatsapp_queue() from public, anon, authenticated;

create trigger whatsapp_queue after insert on public.whatsapp
  for each row execute function app.whatsapp_queue();

-- Sets a message's status as the server learns it.
create or replace function app.whatsapp_set_status(message text, new_status text, reason text)
returns void
language sql security definer set search_path = ''
as $$
  update public.whatsapp w
     set status = new_status, status_reason = left(reason, 1000), status_at = now()
   where w.id = message and w.kind = 'message'
$$;

revoke execute on function app.whatsapp_set_status(text, text, text) from public, anon, authenticated;

-- Hands the dispatcher up to `batch` messages that are due, each moved to `sending` with a lease
-- and its attempt counted (`for update skip locked`: two dispatchers never get the same one).
-- A message whose dispatcher stopped while sending is not sent again: Meta may have taken it, and
-- a message must never reach a family twice. It fails with a reason saying so, and staff decide.
create or replace function public.whatsapp_claim(batch integer default 10, lease_seconds integer default 120)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  lost text;
  claimed jsonb;
begin
  for lost in
    update public.whatsapp_outbox o
       set status = 'failed', lease_until = null,
           last_error = 'The sender stopped while sending this message, so it may or may not have arrived; it is not sent again by itself.'
     where o.status = 'sending' and o.lease_until < now()
    returning o.message_id
  loop
    perform app.whatsapp_set_status(lost, 'failed',
      'The sender stopped while sending this message, so it may or may not have arrived; it is not sent again by itself.');
  end loop;

  with due as (
    select o.message_id from public.whatsapp_outbox o
     where o.status = 'queued' and o.next_attempt_at <= now()
     order by o.next_attempt_at, o.created_at
     limit greatest(least(batch, 100), 1)
     for update skip locked
  ), taken as (
    update public.whatsapp_outbox o
       set status = 'sending', attempts = o.attempts + 1,
           lease_until = now() + make_interval(secs => greatest(lease_seconds, 1))
      from due where o.message_id = due.message_id
    returning o.message_id, o.attempts
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', m.id, 'to', m.wa_id, 'body', m.data ->> 'body', 'mode', m.data ->> 'mode',
           'direction', m.data ->> 'direction', 'wamid', m.wamid,
           'template', m.data ->> 'template', 'params', m.data -> 'params',
           'participantId', m.data ->> 'participantId',
           'recipient', n.data ->> 'name', 'numberStatus', n.data ->> 'status',
           'lastReceivedAt', n.last_received_at, 'attempts', t.attempts)
           order by m.created_at), '[]'::jsonb)
    into claimed
    from taken t
    join public.whatsapp m on m.id = t.message_id
    left join public.whatsapp n on n.id = 'wa-' || m.wa_id;
  return claimed;
end;
$$;

revoke execute on function public.whatsapp_claim(integer, integer) from public, anon, authenticated;

grant execute on function public.whatsapp_claim(integer, integer) to service_role;

-- What became of one claimed message:
--   sent      Meta took it (its id `wamid`); never sent again.
--   retry     a failure that may pass (Meta busy, no connection): 30 s, 2 min, 8 min, 32 min,
--             ~2 h after attempts 1 to 5, then given up.
--   failed    refused for good (Meta's reason), or not allowed any more (a disabled number, a
--             closed window).
--   wait      a rate limit: back in the queue after `wait_seconds`, the attempt not counted.
-- Returns the outbox row's new status.
create or replace function public.whatsapp_record(
  message_id text, outcome text, wamid text default null, reason text default null,
  wait_seconds integer default 0
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  o public.whatsapp_outbox;
  m public.whatsapp;
  new_status text;
begin
  if outcome is null or outcome not in ('sent', 'retry', 'failed', 'wait') then
    raise exception 'Unknown outcome: %', outcome using errcode = '22023';
  end if;
  select * into o from public.whatsapp_outbox x where x.message_id = whatsapp_record.message_id for update;
  if not found then
    raise exception 'No such WhatsApp message: %', whatsapp_record.message_id using errcode = 'P0002';
  end if;
  if o.status <> 'sending' then
    return o.status;
  end if;
  select * into m from public.whatsapp w where w.id = o.message_id;
  if outcome = 'sent' then
    if coalesce(whatsapp_record.wamid, '') = '' then
      raise exception 'A sent message needs Meta''s message id' using errcode = '22023';
    end if;
    update public.whatsapp_outbox x set status = 'sent', sent_at = now(), lease_until = null
     where x.message_id = o.message_id;
    -- A read receipt (the outbox row of a message that came in): Meta took it; nothing else moves.
    if m.data ->> 'direction' = 'in' then
      return 'sent';
    end if;
    -- A delivery report may have arrived before this answer: the status only moves forward.
    update public.whatsapp w
       set wamid = whatsapp_record.wamid,
           status = case when w.status in ('delivered', 'read') then w.status else 'sent' end,
           status_reason = null, status_at = now()
     where w.id = o.message_id;
    update public.whatsapp n
       set sent = coalesce(n.sent, 0) + 1, last_sent_at = now(),
           last_template_sent_at = case when m.data ->> 'mode' = 'template' then now()
                                        else n.last_template_sent_at end
     where n.id = 'wa-' || m.wa_id;
    return 'sent';
  end if;
  if outcome = 'wait' then
    update public.whatsapp_outbox x
       set status = 'queued', attempts = greatest(x.attempts - 1, 0), lease_until = null,
           next_attempt_at = now() + make_interval(secs => greatest(coalesce(wait_seconds, 1), 1))
     where x.message_id = o.message_id;
    return 'queued';
  end if;
  new_status := case when outcome = 'retry' and o.attempts < 6 then 'queued' else 'failed' end;
  update public.whatsapp_outbox x
     set status = new_status, lease_until = null,
         last_error = left(coalesce(reason, 'unknown error'), 2000),
         next_attempt_at = case when new_status = 'queued'
           then now() + make_interval(secs => 30 * power(4, greatest(o.attempts, 1) - 1))
           else x.next_attempt_at end
   where x.message_id = o.message_id;
  if new_status = 'failed' and m.data ->> 'direction' = 'in' then
    -- A read receipt that could not be given changes nothing the staff see.
    return new_status;
  end if;
  if new_status = 'failed' then
    perform app.whatsapp_set_status(o.message_id, 'failed',
      coalesce(reason, 'unknown error') ||
      case when outcome = 'retry' then ' (gave up after ' || o.attempts || ' attempts)' else '' end);
    insert into public.system_errors (source, message, details)
    values ('whatsapp', left(format('The WhatsApp message to +%s could not be sent: %s', m.wa_id,
                                    coalesce(reason, 'unknown error')), 2000),
            jsonb_build_object('messageId', o.message_id, 'attempts', o.attempts));
  end if;
  return new_status;
end;
$$;

revoke execute on function public.whatsapp_record(text, text, text, text, integer) from public, anon, authenticated;

grant execute on function public.whatsapp_record(text, text, text, text, integer) to service_role;

-- A delivery report from Meta (sent, delivered, read, failed with its reason). The status moves
-- only forward (sent, delivered, read); a failure replaces anything but read. Returns whether a
-- message of ours had that id.
create or replace function public.whatsapp_status(wamid text, status text, reason text default null)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  m public.whatsapp;
  rank_of constant jsonb := '{"queued": 0, "sent": 1, "delivered": 2, "read": 3}';
begin
  if status is null or status not in ('sent', 'delivered', 'read', 'failed') then
    raise exception 'Unknown WhatsApp status: %', status using errcode = '22023';
  end if;
  select * into m from public.whatsapp w
   where w.wamid = whatsapp_status.wamid and w.kind = 'message' for update;
  if not found then
    return false;
  end if;
  if whatsapp_status.status = 'failed' then
    if m.status <> 'read' then
      perform app.whatsapp_set_status(m.id, 'failed', coalesce(reason, 'Meta reported the message as failed'));
    end if;
  elsif coalesce((rank_of ->> m.status)::integer, -1) < (rank_of ->> whatsapp_status.status)::integer
        or m.status = 'failed' then
    perform app.whatsapp_set_status(m.id, whatsapp_status.status, null);
  end if;
  return true;
end;
$$;

revoke execute on function public.whatsapp_status(text, text, text) from public, anon, authenticated;

grant execute on function public.whatsapp_status(text, text, text) to service_role;

-- A message a person sent the centre. It lands on their number (made, Active, when the centre
-- did not have it yet, so no reply is lost), once however often Meta delivers the report.
-- Returns the message's id.
create or replace function public.whatsapp_receive(
  wa_id text, profile_name text, wamid text, body text, sent_at timestamptz default now()
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  message text := 'in-' || md5(coalesce(whatsapp_receive.wamid, ''));
begin
  if coalesce(whatsapp_receive.wamid, '') = '' then
    raise exception 'An incoming message needs Meta''s message id' using errcode = '22023';
  end if;
  if exists (select 1 from public.whatsapp w where w.id = message) then
    return message;
  end if;
  insert into public.whatsapp (id, kind, wa_id, data)
  values ('wa-' || whatsapp_receive.wa_id, 'number', whatsapp_receive.wa_id,
          jsonb_build_object('name', coalesce(nullif(btrim(left(profile_name, 200)), ''), '+' || whatsapp_receive.wa_id),
                             'status', 'Active'))
  on conflict (id) do nothing;
  update public.whatsapp w set _deleted = false where w.id = 'wa-' || whatsapp_receive.wa_id and w._deleted;
  insert into public.whatsapp (id, kind, wa_id, data, created_at, wamid)
  values (message, 'message', whatsapp_receive.wa_id,
          jsonb_build_object('direction', 'in', 'body', left(coalesce(nullif(btrim(body), ''), '(a message without text)'), 4096)),
          least(coalesce(sent_at, now()), now()), whatsapp_receive.wamid);
  return message;
end;
$$;

revoke execute on function public.whatsapp_receive(text, text, text, text, timestamptz) from public, anon, authenticated;

grant execute on function public.whatsapp_receive(text, text, text, text, timestamptz) to service_role;

-- whatsAppMessageRead (O19): staff opened the chat with this number, so its messages that came in
-- are read. Each gets a read receipt for Meta (blue ticks for the person), queued once in the
-- outbox like a message; the messages' status becomes read. Answers how many.
create or replace function public.whatsapp_read(wa_id text)
returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff read WhatsApp messages' using errcode = '42501';
  end if;
  if whatsapp_read.wa_id is null or whatsapp_read.wa_id !~ '^[0-9]{8,15}$' then
    raise exception 'Give the WhatsApp number as 8 to 15 digits with its country code'
      using errcode = '22023';
  end if;
  with unread as (
    update public.whatsapp w set status = 'read', status_at = now()
     where w.kind = 'message' and w.wa_id = whatsapp_read.wa_id and w.data ->> 'direction' = 'in'
       and w.status = 'received' and w.wamid is not null
    returning w.id
  ), queued as (
    insert into public.whatsapp_outbox (message_id) select id from unread
    on conflict do nothing
    returning 1
  )
  select count(*) into n from queued;
  if n > 0 then
    perform pg_notify('whatsapp_outbox', whatsapp_read.wa_id);
  end if;
  return n;
end;
$$;

revoke execute on function public.whatsapp_read(text) from public, anon;

grant execute on function public.whatsapp_read(text) to authenticated;

create or replace function app.wake_whatsapp() returns bigint
language sql security definer set search_path = ''
as $$ select app.wake_function('whatsapp_url', 'WhatsApp messages wait') $$;

revoke execute on function app.wake_whatsapp() from public, anon, authenticated;

create or replace function app.wake_whatsapp_on_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app.wake_whatsapp();
  return null;
end;
$$;

revoke execute on function app.wake_whatsapp_on_insert() from public, anon, authenticated;

create trigger whatsapp_outbox_wake
  after insert on public.whatsapp_outbox
  for each statement execute function app.wake_whatsapp_on_insert();

-- What the job `whatsapp-retries` runs every minute: like `app.retry_outbox`, nothing unless Vault
-- holds the `whatsapp` function's address (a centre without WhatsApp never stores it) and a
-- message is due.
create or replace function app.retry_whatsapp() returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  request bigint;
begin
  if not app.wake_configured('whatsapp_url')
     or not exists (select 1 from public.whatsapp_outbox o
                     where (o.status = 'queued' and o.next_attempt_at <= now())
                        or (o.status = 'sending' and o.lease_until < now())) then
    return null;
  end if;
  request := app.wake_whatsapp();
  if request is not null then
    insert into app.dispatcher_calls as c (dispatcher, request_id, called_at)
    values ('whatsapp', request, now())
    on conflict on constraint dispatcher_calls_pkey do update
      set request_id = excluded.request_id, called_at = excluded.called_at;
  end if;
  return request;
end;
$$;

revoke execute on function app.retry_whatsapp() from public, anon, authenticated;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('whatsapp-retries', '* * * * *', 'select app.retry_whatsapp()');
  end if;
end;
$$;

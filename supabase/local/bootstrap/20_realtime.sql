-- What Supabase Realtime creates in every project (supabase/realtime, tenant migrations) that the
-- app's migrations call: realtime.messages, realtime.topic() and realtime.send() with Supabase's
-- signature. On Supabase the Realtime server reads realtime.messages through replication; here a
-- trigger turns each new message into a NOTIFY that the local host's /realtime/v1 delivers.
-- Applied only on databases that are not Supabase ones, after 00_core.sql (roles).
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- Broadcast messages. As on Supabase, inserting needs an RLS policy (none is defined here), so a
-- plain `authenticated` caller of realtime.send() sends nothing: send from a security definer
-- function, as Supabase's documentation does, and the same migration works in both places.
create table if not exists realtime.messages (
  id uuid primary key default gen_random_uuid(),
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now()
);
create index if not exists messages_inserted_at_idx on realtime.messages (inserted_at);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The topic being authorised, for policies on realtime.messages (same as Supabase).
create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

-- Supabase's signature and behaviour: the payload gets an `id` when it has none, failures are
-- reported as a warning and never abort the caller's transaction.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

grant execute on function realtime.topic() to anon, authenticated, service_role;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- NOTIFY is delivered at commit, so a rolled-back write pokes nobody, as with replication.
-- Payloads near NOTIFY's 8000-byte limit travel by id; the host reads them from the table.
create or replace function realtime.notify_broadcast()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message text;
begin
  if new.extension <> 'broadcast' then
    return null;
  end if;
  message := jsonb_build_object(
    'id', new.id, 'topic', new.topic, 'event', new.event,
    'private', coalesce(new.private, false), 'payload', new.payload
  )::text;
  if octet_length(message) > 7500 then
    message := jsonb_build_object(
      'id', new.id, 'topic', new.topic, 'event', new.event, 'private', coalesce(new.private, false)
    )::text;
  end if;
  perform pg_notify('realtime:broadcast', message);
  return null;
end;
$$;

drop trigger if exists notify_broadcast on realtime.messages;
create trigger notify_broadcast
  after insert on realtime.messages
  for each row execute function realtime.notify_broadcast();

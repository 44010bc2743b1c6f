-- The sync engine (ARCHITECTURE.md "Data and sync"): the registry of replicated tables, numbering
-- of changes at commit (`_seq`), the per-member scope version that resets devices when what they may
-- see changes, `sync_pull`, `sync_push` (one sub-transaction per row, conflicts and refusals with
-- reasons), the poke on the private `sync` topic, and the guard that makes devices write only
-- through the app's functions.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create sequence if not exists app.sync_seq;

-- The registry of replicated collections. Table names used in dynamic SQL come only from
-- here, never from input. `server_columns` are kept by triggers on the server: clients may
-- send them back (they pulled them) but their values are ignored and never cause a conflict.
create table if not exists app.sync_collections (
  name text primary key check (name ~ '^[a-z][a-z_]*$'),
  server_columns text[] not null default '{}'
);

revoke all on app.sync_collections from public;

grant select on app.sync_collections to authenticated, service_role;

-- Before a row is written: its number stays what it was (or 0 for a new row) until commit; the
-- commit trigger alone sets it. Clients cannot send _seq (sync_push refuses it) and server code
-- cannot set it by accident.
create or replace function app.sync_stamp() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if not (pg_trigger_depth() > 1 and current_setting('app.sync_numbering', true) = 'on') then
      new._seq := old._seq;
      new._modified := clock_timestamp();
    end if;
  else
    new._seq := 0;
    new._modified := clock_timestamp();
  end if;
  return new;
end;
$$;

-- Makes a table replicated: metadata columns, the triggers, the registry row, and numbers for
-- rows that were there before (they would never be pulled with the number 0).
create or replace function app.register_sync_table(table_name text, server_columns text[] default '{}')
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format('alter table public.%I add column if not exists _deleted boolean not null default false', table_name);
  execute format('alter table public.%I add column if not exists _seq bigint not null default 0', table_name);
  execute format('alter table public.%I add column if not exists _modified timestamptz not null default now()', table_name);
  execute format('create index if not exists %I on public.%I (_seq)', table_name || '_seq_idx', table_name);
  execute format('drop trigger if exists sync_stamp on public.%I', table_name);
  execute format('create trigger sync_stamp before insert or update on public.%I for each row execute function app.sync_stamp()', table_name);
  execute format('drop trigger if exists sync_poke on public.%I', table_name);
  execute format('drop trigger if exists sync_commit_insert on public.%I', table_name);
  execute format('create constraint trigger sync_commit_insert after insert on public.%I deferrable initially deferred for each row execute function app.sync_commit()', table_name);
  execute format('drop trigger if exists sync_commit_update on public.%I', table_name);
  execute format('create constraint trigger sync_commit_update after update on public.%I deferrable initially deferred for each row when (old._seq = new._seq) execute function app.sync_commit()', table_name);
  execute format('drop trigger if exists sync_soft_delete_only on public.%I', table_name);
  execute format('create trigger sync_soft_delete_only before delete on public.%I for each row execute function app.sync_soft_delete_only()', table_name);
  execute format('revoke delete on public.%I from anon, authenticated', table_name);
  insert into app.sync_collections (name, server_columns) values (table_name, server_columns)
  on conflict (name) do update set server_columns = excluded.server_columns;
  -- Touching the unnumbered rows queues their numbering for this transaction's commit.
  execute format('update public.%I set _modified = _modified where _seq = 0', table_name);
end;
$$;

revoke all on function app.register_sync_table(text, text[]) from public;

create or replace function app.sync_scope() returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select m.sync_scope from public.members m where m.id = auth.uid()), 0);
$$;

grant execute on function app.sync_scope() to authenticated;

create or replace function app.bump_sync_scope() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.role, new.status, new.extra, new.family_token, new.facilitator_id, new.is_facilitator)
     is distinct from
     (old.role, old.status, old.extra, old.family_token, old.facilitator_id, old.is_facilitator) then
    new.sync_scope := old.sync_scope + 1;
  end if;
  return new;
end;
$$;

create trigger members_bump_sync_scope before update on public.members
  for each row execute function app.bump_sync_scope();

-- Bumps the scope of the given members (used by later areas when, say, a child changes group).
create or replace function app.bump_scope_of(member_ids uuid[]) returns void
language sql
security definer
set search_path = ''
as $$
  update public.members set sync_scope = sync_scope + 1 where id = any(member_ids);
$$;

revoke all on function app.bump_scope_of(uuid[]) from public;

create or replace function app.sync_collection(collection text) returns app.sync_collections
language plpgsql
stable
set search_path = ''
as $$
declare
  reg app.sync_collections;
begin
  select * into reg from app.sync_collections c where c.name = collection;
  if not found then
    raise exception 'Unknown collection: %', coalesce(collection, 'null')
      using errcode = '22023', hint = 'Use one of the replicated collections.';
  end if;
  return reg;
end;
$$;

grant execute on function app.sync_collection(text) to authenticated, service_role;

create or replace function public.sync_pull(collection text, checkpoint jsonb default null, batch_size integer default 200)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  reg app.sync_collections := app.sync_collection(collection);
  since bigint := 0;
  scope bigint := (select app.sync_scope());
  epoch text := (select app.sync_epoch());
  docs jsonb;
  last_seq bigint;
begin
  if batch_size is null or batch_size < 1 or batch_size > 1000 then
    raise exception 'batch_size must be between 1 and 1000' using errcode = '22023';
  end if;
  if checkpoint is not null and jsonb_typeof(checkpoint) <> 'null' then
    if jsonb_typeof(checkpoint) <> 'object'
       or jsonb_typeof(checkpoint -> 'seq') is distinct from 'number'
       or jsonb_typeof(checkpoint -> 'scope') is distinct from 'number'
       or (checkpoint ? 'epoch' and jsonb_typeof(checkpoint -> 'epoch') is distinct from 'string')
       or (checkpoint ->> 'seq')::numeric < 0
       or (checkpoint ->> 'seq')::numeric > 9007199254740991
       or (checkpoint ->> 'seq')::numeric <> trunc((checkpoint ->> 'seq')::numeric) then
      raise exception 'Malformed checkpoint: %', left(checkpoint::text, 200)
        using errcode = '22023', hint = 'A checkpoint is {"seq": n, "scope": n, "epoch": text} as returned by sync_pull.';
    end if;
    if (checkpoint ->> 'scope')::numeric <> scope
       or (checkpoint ->> 'epoch') is distinct from epoch
       or (checkpoint ->> 'seq')::bigint > (select app.sync_high_water()) then
      return jsonb_build_object('reset', true, 'documents', '[]'::jsonb,
        'checkpoint', jsonb_build_object('seq', 0, 'scope', scope, 'epoch', epoch));
    end if;
    since := (checkpoint ->> 'seq')::bigint;
  end if;

  execute format(
    'select coalesce(jsonb_agg(x.doc order by x.seq), ''[]''::jsonb), max(x.seq)
       from (select to_jsonb(t) - ''_seq'' - ''_modified'' as doc, t._seq as seq
               from public.%I t where t._seq > $1 order by t._seq limit $2) x',
    reg.name)
  into docs, last_seq
  using since, batch_size;

  return jsonb_build_object(
    'documents', docs,
    'checkpoint', jsonb_build_object('seq', coalesce(last_seq, since), 'scope', scope, 'epoch', epoch));
end;
$$;

grant execute on function public.sync_pull(text, jsonb, integer) to authenticated;

create or replace function app.sync_push(collection text, rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  reg app.sync_collections := app.sync_collection(collection);
  all_columns text[];
  compare_columns text[];
  compare_list text;
  r jsonb;
  new_doc jsonb;
  assumed jsonb;
  doc_id text;
  current_doc jsonb;
  locked_doc jsonb;
  current_norm jsonb;
  assumed_norm jsonb;
  new_norm jsonb;
  keys text[];
  bad text[];
  write_columns text[];
  doc_bytes integer;
  conflicts jsonb := '[]'::jsonb;
  refused jsonb := '[]'::jsonb;
  -- RxDB's own bookkeeping fields; never stored.
  rxdb_fields constant text[] := array['_meta', '_rev', '_attachments'];
  failed_constraint text;
  failed_state text;
  failed_message text;
  column_types jsonb;
  max_bytes constant integer := app.sync_max_document_bytes();
  metadata constant text[] := array['_seq', '_modified'];
  server_list text := (select string_agg(format('%I', c), ', ') from unnest(reg.server_columns) c);
  current_kept jsonb;
  new_kept jsonb;
begin
  if rows is null or jsonb_typeof(rows) <> 'array' then
    raise exception 'rows must be an array of {newDocumentState, assumedMasterState}' using errcode = '22023';
  end if;
  if jsonb_array_length(rows) > 500 then
    raise exception 'Too many rows in one push (% > 500)', jsonb_array_length(rows) using errcode = '22023';
  end if;

  select array_agg(a.attname::text order by a.attnum) into all_columns
    from pg_attribute a
   where a.attrelid = format('public.%I', reg.name)::regclass and a.attnum > 0 and not a.attisdropped;
  -- The JSON type each column accepts, so "yes" is not taken for true nor "5" for 5.
  select jsonb_object_agg(a.attname::text,
           case t.typcategory when 'B' then 'boolean' when 'N' then 'number'
                              when 'S' then 'string' when 'D' then 'string' when 'U' then
                                case when t.typname in ('json', 'jsonb') then 'any' else 'string' end
                              else 'any' end)
    into column_types
    from pg_attribute a join pg_type t on t.oid = a.atttypid
   where a.attrelid = format('public.%I', reg.name)::regclass and a.attnum > 0 and not a.attisdropped;
  compare_columns := array(select c from unnest(all_columns) c
                            where c <> all (metadata) and c <> all (reg.server_columns));
  compare_list := (select string_agg(format('%I', c), ', ') from unnest(compare_columns) c);

  for r in select value from jsonb_array_elements(rows) loop
    -- Every per-row variable starts empty: nothing of the previous row may decide this one.
    new_doc := r -> 'newDocumentState';
    assumed := r -> 'assumedMasterState';
    doc_id := null;
    current_doc := null;
    locked_doc := null;
    current_norm := null;
    assumed_norm := null;
    new_norm := null;
    keys := null;
    bad := null;
    write_columns := null;
    current_kept := null;
    new_kept := null;
    doc_bytes := null;
    failed_constraint := null;
    failed_state := null;
    failed_message := null;
    begin
      if jsonb_typeof(new_doc) is distinct from 'object' then
        raise exception 'newDocumentState must be an object' using errcode = '22023';
      end if;
      doc_id := new_doc ->> 'id';
      if doc_id is null or jsonb_typeof(new_doc -> 'id') <> 'string' then
        raise exception 'The document has no id' using errcode = '22023';
      end if;
      new_doc := new_doc - rxdb_fields;
      doc_bytes := octet_length(new_doc::text);
      if doc_bytes > max_bytes then
        raise exception 'This record is too large to sync (% KB; at most % KB).',
          ceil(doc_bytes / 1024.0)::integer, max_bytes / 1024 using errcode = '54000';
      end if;
      keys := array(select jsonb_object_keys(new_doc));
      bad := array(select k from unnest(keys) k where k = any (metadata));
      if cardinality(bad) > 0 then
        raise exception 'Sync metadata cannot be written: %', array_to_string(bad, ', ') using errcode = '42501';
      end if;
      bad := array(select k from unnest(keys) k where k <> all (all_columns));
      if cardinality(bad) > 0 then
        raise exception 'Unknown fields for %: %', reg.name, array_to_string(bad, ', ') using errcode = '22023';
      end if;
      bad := array(select format('%s must be a %s', e.key, column_types ->> e.key)
                     from jsonb_each(new_doc) e
                    where jsonb_typeof(e.value) <> 'null'
                      and column_types ->> e.key not in ('any', jsonb_typeof(e.value)));
      if cardinality(bad) > 0 then
        raise exception '%', array_to_string(bad, '; ') using errcode = '22023';
      end if;
      if assumed is not null and jsonb_typeof(assumed) = 'null' then
        assumed := null;
      end if;
      if assumed is not null and jsonb_typeof(assumed) <> 'object' then
        raise exception 'assumedMasterState must be an object or null' using errcode = '22023';
      end if;

      -- Values are compared through the table's own types, so '2026-01-01T00:00:00Z' and
      -- '2026-01-01 00:00:00+00' are the same value; server-kept columns never conflict.
      execute format('select to_jsonb(t) - ''_seq'' - ''_modified'' from public.%I t where t.id = $1', reg.name)
        into current_doc using doc_id;
      if current_doc is not null then
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       compare_list, reg.name)
          into current_norm using current_doc;
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       compare_list, reg.name)
          into new_norm using new_doc;
        -- The server has this very state already (a push sent again after its answer was lost,
        -- or a pulled row the device could not mark as received): nothing to write or refuse.
        -- When the device lacks what the server set on it (a receipt number, who and when), the
        -- stored row goes back as a conflict: the device takes the server's columns. A device
        -- that pulled the row while its own copy waited to be pushed has moved past it, and
        -- would otherwise never read those columns.
        if new_norm = current_norm then
          if server_list is not null then
            execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                           server_list, reg.name)
              into current_kept using current_doc;
            execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                           server_list, reg.name)
              into new_kept using new_doc;
            if current_kept is distinct from new_kept then
              conflicts := conflicts || jsonb_build_array(current_doc);
            end if;
          end if;
          continue;
        end if;
        -- Lock the row (FOR UPDATE also applies the caller's update policies) and compare with
        -- the version locked, which may be newer than the one read above.
        execute format('select to_jsonb(t) - ''_seq'' - ''_modified'' from public.%I t where t.id = $1 for update', reg.name)
          into locked_doc using doc_id;
        -- A row the caller can read but not lock is one they may not change. A device that
        -- believed the row new (it made the same id, or stored a pulled row and closed before
        -- noting it as received) gets the server's row as a conflict; an edit of a known row
        -- is refused.
        if locked_doc is null then
          if assumed is null then
            conflicts := conflicts || jsonb_build_array(current_doc);
            continue;
          end if;
          raise exception 'new row violates row-level security policy for table "%"', reg.name using errcode = '42501';
        end if;
        current_doc := locked_doc;
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       compare_list, reg.name)
          into current_norm using current_doc;
      end if;
      if assumed is not null then
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       compare_list, reg.name)
          into assumed_norm using (assumed - rxdb_fields);
      end if;

      if current_norm is distinct from assumed_norm then
        if current_doc is not null then
          conflicts := conflicts || jsonb_build_array(current_doc);
        else
          -- The device believes a row exists that the server does not have (or the caller may
          -- not see): the server's state is "deleted".
          conflicts := conflicts || jsonb_build_array(new_doc || jsonb_build_object('_deleted', true));
        end if;
        continue;
      end if;

      write_columns := array(select k from unnest(keys) k where k <> all (reg.server_columns));
      -- Values of server-kept columns are the server's to set; drop what the device sent.
      new_doc := new_doc - reg.server_columns;
      if current_doc is null then
        -- Created and deleted on the device before it ever synced: nothing to store.
        if coalesce((new_doc ->> '_deleted')::boolean, false) then
          continue;
        end if;
        execute format('insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1)',
                       reg.name,
                       (select string_agg(format('%I', c), ', ') from unnest(write_columns) c),
                       (select string_agg(format('%I', c), ', ') from unnest(write_columns) c),
                       reg.name)
          using new_doc;
      else
        execute format('update public.%I t set (%s) = (select %s from jsonb_populate_record(null::public.%I, $1)) where t.id = $2',
                       reg.name,
                       (select string_agg(format('%I', c), ', ') from unnest(write_columns) c),
                       (select string_agg(format('%I', c), ', ') from unnest(write_columns) c),
                       reg.name)
          using new_doc, doc_id;
      end if;
    exception when others then
      get stacked diagnostics failed_constraint = constraint_name, failed_state = returned_sqlstate,
                              failed_message = message_text;
      -- The server, not the row: fail the call so the device retries the whole batch.
      if left(failed_state, 2) in ('40', '53', '57', '58', '08', 'XX') or failed_state = '55P03' then
        raise;
      end if;
      -- Another device created the same id a moment ago (its transaction committed while this
      -- one waited): that is a conflict with the row it wrote, as if pushed one after the other.
      if failed_state = '23505' and failed_constraint = reg.name || '_pkey' and current_doc is null then
        execute format('select to_jsonb(t) - ''_seq'' - ''_modified'' from public.%I t where t.id = $1', reg.name)
          into current_doc using doc_id;
        if current_doc is not null then
          conflicts := conflicts || jsonb_build_array(current_doc);
          continue;
        end if;
        failed_state := '42501';
        failed_message := format('new row violates row-level security policy for table "%s"', reg.name);
      end if;
      -- current_doc is the server's state before this row's attempt (the sub-transaction rolled
      -- back); a refused insert comes back as a tombstone so the device drops it.
      refused := refused || jsonb_build_array(jsonb_build_object(
        'id', doc_id,
        'reason', app.refusal_reason(failed_state, failed_message, reg.name, failed_constraint),
        'code', failed_state,
        'document', coalesce(current_doc,
          case when jsonb_typeof(new_doc) = 'object' then
            (select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) from jsonb_each(new_doc) e
              where e.key = any (all_columns) and e.key <> all (metadata) and e.key <> all (reg.server_columns))
            || jsonb_build_object('_deleted', true) end)));
    end;
  end loop;

  return jsonb_build_object('conflicts', conflicts, 'refused', refused);
end;
$$;

grant execute on function app.sync_push(text, jsonb) to authenticated;

grant execute on function app.sync_push(text, jsonb) to service_role;

-- What devices call. The tables' trigger (app.writes_go_through_functions) refuses writes by
-- `anon`/`authenticated` unless app.writer names one of the app's own functions, so this wrapper
-- sets the mark for the call and puts the previous value back. The work is app.sync_push, which
-- PostgREST does not serve; a change to what a push does replaces app.sync_push, never this.
create function public.sync_push(collection text, rows jsonb)
returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  outer_writer text := coalesce(current_setting('app.writer', true), '');
  answer jsonb;
begin
  perform set_config('app.writer', 'sync_push', true);
  answer := app.sync_push(collection, rows);
  perform set_config('app.writer', outer_writer, true);
  return answer;
end;
$$;

revoke execute on function public.sync_push(text, jsonb) from public, anon;

grant execute on function public.sync_push(text, jsonb) to authenticated;

-- A refused duplicate is explained by the comment on its constraint or unique index, when it
-- has one.
create or replace function app.refusal_reason(code text, message text, collection text, failed_constraint text default null)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when code = '42501' and message like 'new row violates row-level security%'
      then 'You are not allowed to make this change to ' || replace(collection, '_', ' ') || '.'
    when code = '42501' and message like 'permission denied%'
      then 'You are not allowed to make this change to ' || replace(collection, '_', ' ') || '.'
    when code = '42501' then message
    when code = '23505' then coalesce(
      (select obj_description(c.oid, 'pg_constraint') from pg_catalog.pg_constraint c
        where c.conname = failed_constraint and c.conrelid = format('public.%I', collection)::regclass),
      (select obj_description(i.indexrelid, 'pg_class') from pg_catalog.pg_index i
         join pg_catalog.pg_class ic on ic.oid = i.indexrelid
        where ic.relname = failed_constraint and i.indrelid = format('public.%I', collection)::regclass),
      'This record already exists and you may not change it.')
    when code = '23514' then coalesce(
      (select obj_description(c.oid, 'pg_constraint') from pg_catalog.pg_constraint c
        where c.conname = failed_constraint and c.conrelid = format('public.%I', collection)::regclass),
      'The change breaks a rule of ' || replace(collection, '_', ' ') || ': ' || message)
    when code = '23502' then 'A required value is missing: ' || message
    when code in ('22P02', '22007', '22008', '22003', '22023') then 'A value is not valid: ' || message
    else message
  end;
$$;

grant execute on function app.refusal_reason(text, text, text, text) to authenticated, service_role;

-- The number every device's checkpoint is measured against, and the database's identity. A
-- checkpoint from another database (a restored backup, a new project) carries another epoch, so
-- the device re-pulls from zero instead of waiting for numbers it has already passed.
create table if not exists app.sync_state (
  id boolean primary key default true check (id),
  epoch uuid not null default gen_random_uuid()
);

revoke all on app.sync_state from public;

insert into app.sync_state (id) values (true) on conflict (id) do nothing;

create or replace function app.sync_epoch() returns text
language sql stable security definer set search_path = ''
as $$ select s.epoch::text from app.sync_state s where s.id $$;

grant execute on function app.sync_epoch() to authenticated, service_role;

-- The highest ordering number handed out. A checkpoint beyond it comes from a database that went
-- further than this one (restored from an older backup): such a device must re-pull.
create or replace function app.sync_high_water() returns bigint
language sql stable security definer set search_path = ''
as $$ select case when s.is_called then s.last_value else 0 end from app.sync_seq s $$;

grant execute on function app.sync_high_water() to authenticated, service_role;

-- For operators after restoring a backup: every device re-pulls everything on its next sync.
create or replace function app.new_sync_epoch() returns text
language sql volatile security definer set search_path = ''
as $$ update app.sync_state set epoch = gen_random_uuid() where id returning epoch::text $$;

revoke all on function app.new_sync_epoch() from public, authenticated, anon;

-- The largest document that syncs, in bytes of JSON (sync/contract/constants.ts MAX_DOCUMENT_BYTES).
create or replace function app.sync_max_document_bytes() returns integer
language sql immutable set search_path = ''
as $$ select 262144 $$;

grant execute on function app.sync_max_document_bytes() to authenticated, service_role;

-- At commit, for each row the transaction wrote: number it (once, however often it was written)
-- and poke the devices once per collection, on the private channel `sync` (members who are not
-- blocked may listen; nobody but the database sends). The first call of a transaction takes the
-- lock and notes the first number it holds; a row already numbered at or past it was done in
-- this commit.
create or replace function app.sync_commit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  floor_seq bigint := nullif(current_setting('app.sync_floor', true), '')::bigint;
  current_seq bigint;
begin
  if floor_seq is null then
    perform pg_advisory_xact_lock(72620261125);
    floor_seq := nextval('app.sync_seq');
    perform set_config('app.sync_floor', floor_seq::text, true);
  end if;
  execute format('select _seq from public.%I where id = $1', tg_table_name) into current_seq using new.id;
  if current_seq is not null and current_seq < floor_seq then
    perform set_config('app.sync_numbering', 'on', true);
    execute format('update public.%I set _seq = nextval(''app.sync_seq'') where id = $1', tg_table_name)
      using new.id;
    perform set_config('app.sync_numbering', 'off', true);
  end if;
  if coalesce(current_setting('app.sync_poked_' || tg_table_name, true), '') <> 'on' then
    perform set_config('app.sync_poked_' || tg_table_name, 'on', true);
    perform realtime.send(jsonb_build_object('collection', tg_table_name), 'poke', 'sync', true);
  end if;
  return null;
end;
$$;

-- A row that syncs is removed by marking it deleted, so every device hears of it; only a
-- tombstone may be purged.
create or replace function app.sync_soft_delete_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not old._deleted then
    raise exception 'Records that sync are removed by marking them deleted (%), so every device hears of it.', tg_table_name
      using errcode = '42501';
  end if;
  return old;
end;
$$;

create or replace function app.kind_is_fixed() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.kind is distinct from old.kind then
    raise exception 'The kind of a record cannot change: remove it and add a new one.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;

-- A column that decides who may read a row (a policy reads it) and that nothing re-sends the row
-- for: once written it stays, like `kind`. A device that could read the row before keeps its
-- copy only while the server would still send it, so moving a week or an assignment to another
-- group is removing it and adding a new one. The columns are the trigger's arguments.
create or replace function app.columns_are_fixed() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  col text;
begin
  foreach col in array tg_argv loop
    if (to_jsonb(new) -> col) is distinct from (to_jsonb(old) -> col) then
      raise exception 'A record cannot move to another %: remove it and add a new one.',
        case col when 'group_id' then 'group' when 'family_id' then 'family'
                 when 'student_id' then 'student' else replace(col, '_', ' ') end
        using errcode = 'P0001';
    end if;
  end loop;
  return new;
end;
$$;

revoke execute on function app.columns_are_fixed() from public, anon, authenticated;

-- After a reset: which of the ids a device holds the caller may still see. The device drops the
-- others (it was told of them before, so they are not pushed back as deletions).
create or replace function public.sync_visible(collection text, ids text[])
returns text[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  reg app.sync_collections := app.sync_collection(collection);
  found text[];
begin
  if ids is null or cardinality(ids) > 1000 then
    raise exception 'ids must be a list of at most 1000 ids' using errcode = '22023';
  end if;
  execute format('select coalesce(array_agg(t.id order by t.id), ''{}'') from public.%I t where t.id = any ($1)', reg.name)
    into found using ids;
  return found;
end;
$$;

grant execute on function public.sync_visible(text, text[]) to authenticated;

create or replace function app.writes_go_through_functions() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user::text in ('anon', 'authenticated')
     and coalesce(current_setting('app.writer', true), '') = '' then
    raise exception 'Changes to % are made through the app''s sync (sync_push), not directly', tg_table_name
      using errcode = '42501';
  end if;
  return null;
end;
$$;

revoke execute on function app.writes_go_through_functions() from public, anon, authenticated;

-- Sync integrity: the sync engine as it must behave when many people write at once, when the
-- server is busy, when two devices create the same record, and when a database is restored.
-- Replaces the first design's ordering (one lock held from a transaction's first replicated
-- write to its commit) with numbering at commit time, and sync_push's per-row handling.

-- ---------------------------------------------------------------------------------------------
-- Ordering at commit. A row's ordering number (_seq) is assigned by a deferred constraint
-- trigger, which runs when its transaction commits: it takes one transaction-scoped advisory
-- lock, numbers the rows the transaction wrote, and holds the lock until the commit is visible.
-- Numbers are therefore handed out in commit order (a puller that has seen n never later meets a
-- smaller number), and a transaction that stays open for long blocks nobody while it writes:
-- writers only queue for the instant of their commits.
-- ---------------------------------------------------------------------------------------------

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

-- The largest document that syncs, in bytes of JSON (sync/constants.ts MAX_DOCUMENT_BYTES).
create or replace function app.sync_max_document_bytes() returns integer
language sql immutable set search_path = ''
as $$ select 262144 $$;
grant execute on function app.sync_max_document_bytes() to authenticated, service_role;

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

select app.register_sync_table(c.name, c.server_columns) from app.sync_collections c;
-- The per-statement poke is replaced by the commit trigger's one poke per transaction.
drop function if exists app.sync_poke();

-- Facilitators are removed softly now (the admin's Facilitators pane already does so).
drop policy if exists "Admins can remove facilitators" on public.facilitators;

-- ---------------------------------------------------------------------------------------------
-- What decides visibility stays put. A reference record's kind decides who may read it (fee
-- tariffs are not for families): turning a subject into a fee tariff would hide it from
-- guardians without telling their devices. A kind never changes; remove and add instead.
-- ---------------------------------------------------------------------------------------------
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
do $$
declare
  t text;
begin
  foreach t in array array['reference', 'topics', 'timetables', 'lesson_items'] loop
    execute format('drop trigger if exists kind_is_fixed on public.%I', t);
    execute format('create trigger kind_is_fixed before update on public.%I for each row execute function app.kind_is_fixed()', t);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Pull. checkpoint: null or {"seq", "scope", "epoch"}. A checkpoint of another scope (what the
-- person may see changed), another epoch (another database) or beyond this database's numbers
-- answers "reset": the device drops what it may no longer see and re-pulls from zero.
-- ---------------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------------
-- Push: RxDB's rows [{newDocumentState, assumedMasterState}]. In one transaction, each row is
-- written when the server's current state equals the state the device assumed; otherwise the
-- server's state comes back as a conflict. Each row runs in its own sub-transaction, so a row
-- refused by RLS, a constraint or the size limit is rolled back alone and reported with its
-- reason and the server's state, and the other rows are still written. Transient errors
-- (deadlocks, serialization failures, lock timeouts, a server short of resources) are not the
-- row's fault: they fail the whole call, and the device retries the batch.
-- Answer: {"conflicts": [server docs], "refused": [{"id", "reason", "code", "document"}]}.
-- ---------------------------------------------------------------------------------------------
create or replace function public.sync_push(collection text, rows jsonb)
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
        if new_norm = current_norm then
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
grant execute on function public.sync_push(text, jsonb) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Row-level security helpers run once per query, not once per row: written as (select app.x())
-- Postgres evaluates them once as an init plan (a guardian's empty pull: 1.2 s → 2 ms).
-- ---------------------------------------------------------------------------------------------
drop policy if exists "Members can read reference data" on public.reference;
create policy "Members can read reference data" on public.reference
  for select to authenticated
  using ((select app.role()) is not null and (select app.role()) <> 'member'
         and (kind <> 'fee_tariff' or (select app.role()) not in ('guardian', 'student')));

drop policy if exists "Staff and facilitator admins can add reference data" on public.reference;
create policy "Staff and facilitator admins can add reference data" on public.reference
  for insert to authenticated
  with check ((select app.is_staff())
              or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')));

drop policy if exists "Staff and facilitator admins can change reference data" on public.reference;
create policy "Staff and facilitator admins can change reference data" on public.reference
  for update to authenticated
  using ((select app.is_staff())
         or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')))
  with check ((select app.is_staff())
              or ((select app.is_facilitator_admin()) and kind in ('session_timing', 'subject', 'classroom', 'group')));

drop policy if exists "Members can read topics" on public.topics;
create policy "Members can read topics" on public.topics
  for select to authenticated
  using ((select app.role()) is not null and (select app.role()) <> 'member');

drop policy if exists "Facilitators can add their topics" on public.topics;
create policy "Facilitators can add their topics" on public.topics
  for insert to authenticated
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and ((select app.is_facilitator_admin()) or (select app.is_staff()))));

drop policy if exists "Facilitators can change their topics" on public.topics;
create policy "Facilitators can change their topics" on public.topics
  for update to authenticated
  using ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
         or (facilitator_id is null and ((select app.is_facilitator_admin()) or (select app.is_staff()))))
  with check ((facilitator_id is not null and facilitator_id = (select app.facilitator_id()) and (select app.is_facilitator()))
              or (facilitator_id is null and ((select app.is_facilitator_admin()) or (select app.is_staff()))));

drop policy if exists "Staff and facilitators can read the timetable" on public.timetables;
create policy "Staff and facilitators can read the timetable" on public.timetables
  for select to authenticated
  using ((select app.can_read_timetable()));

drop policy if exists "Facilitators can add weeks and change log entries" on public.timetables;
create policy "Facilitators can add weeks and change log entries" on public.timetables
  for insert to authenticated
  with check ((kind in ('week', 'change_log') and (select app.is_facilitator()))
              or (select app.is_facilitator_admin()) or (select app.is_staff()));

drop policy if exists "Facilitators can change weeks" on public.timetables;
create policy "Facilitators can change weeks" on public.timetables
  for update to authenticated
  using ((kind = 'week' and (select app.is_facilitator())) or (select app.is_facilitator_admin()) or (select app.is_staff()))
  with check ((kind = 'week' and (select app.is_facilitator())) or (select app.is_facilitator_admin()) or (select app.is_staff()));

drop policy if exists "Staff and facilitators can read lesson items" on public.lesson_items;
create policy "Staff and facilitators can read lesson items" on public.lesson_items
  for select to authenticated
  using ((select app.can_read_timetable()));

drop policy if exists "Facilitators can add lesson items" on public.lesson_items;
create policy "Facilitators can add lesson items" on public.lesson_items
  for insert to authenticated
  with check (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())) or (select app.is_staff()));

drop policy if exists "Facilitators can change their lesson items" on public.lesson_items;
create policy "Facilitators can change their lesson items" on public.lesson_items
  for update to authenticated
  using (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())) or (select app.is_staff()))
  with check (((select app.is_facilitator()) and facilitator_id = (select app.facilitator_id())) or (select app.is_staff()));

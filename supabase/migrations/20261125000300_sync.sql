-- The sync engine: every replicated table is pulled and pushed by two generic functions,
-- sync_pull and sync_push, called by the browser (RxDB) through supabase.rpc and run with the
-- caller's rights, so row-level security decides what each person receives and may change.

-- ---------------------------------------------------------------------------------------------
-- Ordering. Every write to a replicated table takes the next number of one sequence while
-- holding one transaction-scoped advisory lock, which is released only at commit. So numbers
-- are handed out in commit order, and a puller that has seen number n can never later miss a
-- row with a smaller number that committed after it looked (the classic skipped-change bug
-- of timestamps or sequences taken before commit).
-- ---------------------------------------------------------------------------------------------
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

-- Stamps a row with its ordering number and modification time (server-assigned metadata).
create or replace function app.sync_stamp() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- One lock for every collection: writers are serialised from their first replicated write
  -- to their commit, which costs nothing measurable at a small centre and avoids deadlocks.
  perform pg_advisory_xact_lock(72620261125);
  new._seq := nextval('app.sync_seq');
  new._modified := clock_timestamp();
  return new;
end;
$$;

-- Tells open clients that a collection changed (a "poke" without data); they pull.
create or replace function app.sync_poke() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(jsonb_build_object('collection', tg_table_name), 'poke', 'sync', false);
  return null;
end;
$$;

-- Makes a table replicated: metadata columns, the stamping and poking triggers, the registry
-- row. Called by the migration of each area for each of its tables.
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
  execute format('create trigger sync_poke after insert or update or delete on public.%I for each statement execute function app.sync_poke()', table_name);
  insert into app.sync_collections (name, server_columns) values (table_name, server_columns)
  on conflict (name) do update set server_columns = excluded.server_columns;
end;
$$;
revoke all on function app.register_sync_table(text, text[]) from public;

-- ---------------------------------------------------------------------------------------------
-- Visibility. What a person may see depends on their member row (role, family, facilitator)
-- and, in later areas, on their children's groups. Each such change bumps the person's scope
-- number; the checkpoint carries it, and a pull with an older scope answers "reset" so the
-- device re-pulls from zero and drops rows it may no longer see.
-- ---------------------------------------------------------------------------------------------
alter table public.members add column if not exists sync_scope bigint not null default 1;

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
drop trigger if exists members_bump_sync_scope on public.members;
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

-- ---------------------------------------------------------------------------------------------
-- Limits and validation
-- ---------------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------------
-- Pull: the rows the caller may see (RLS) changed after the checkpoint, in commit order.
-- checkpoint: null (from the start) or {"seq": number, "scope": number}.
-- Answer: {"documents": [...], "checkpoint": {...}} or {"reset": true, "checkpoint": {...}}.
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
  scope bigint := app.sync_scope();
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
       or (checkpoint ->> 'seq')::numeric < 0
       or (checkpoint ->> 'seq')::numeric <> trunc((checkpoint ->> 'seq')::numeric) then
      raise exception 'Malformed checkpoint: %', checkpoint::text
        using errcode = '22023', hint = 'A checkpoint is {"seq": n, "scope": n} as returned by sync_pull.';
    end if;
    if (checkpoint ->> 'scope')::bigint <> scope then
      return jsonb_build_object('reset', true, 'documents', '[]'::jsonb,
        'checkpoint', jsonb_build_object('seq', 0, 'scope', scope));
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
    'checkpoint', jsonb_build_object('seq', coalesce(last_seq, since), 'scope', scope));
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Push: RxDB's rows [{newDocumentState, assumedMasterState}]. In one transaction, each row is
-- written when the server's current state equals the state the device assumed; otherwise the
-- server's state comes back as a conflict. Each row runs in its own sub-transaction, so a row
-- refused by RLS or a constraint is rolled back alone and reported with its reason and the
-- server's state, and the other rows are still written.
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
  r jsonb;
  new_doc jsonb;
  assumed jsonb;
  doc_id text;
  current_doc jsonb;
  current_norm jsonb;
  assumed_norm jsonb;
  keys text[];
  bad text[];
  write_columns text[];
  conflicts jsonb := '[]'::jsonb;
  refused jsonb := '[]'::jsonb;
  -- RxDB's own bookkeeping fields; never stored.
  rxdb_fields constant text[] := array['_meta', '_rev', '_attachments'];
  failed_constraint text;
  column_types jsonb;
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

  for r in select value from jsonb_array_elements(rows) loop
    new_doc := r -> 'newDocumentState';
    assumed := r -> 'assumedMasterState';
    doc_id := null;
    current_doc := null;
    begin
      if jsonb_typeof(new_doc) is distinct from 'object' then
        raise exception 'newDocumentState must be an object' using errcode = '22023';
      end if;
      doc_id := new_doc ->> 'id';
      if doc_id is null or jsonb_typeof(new_doc -> 'id') <> 'string' then
        raise exception 'The document has no id' using errcode = '22023';
      end if;
      new_doc := new_doc - rxdb_fields;
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

      -- Lock the row (FOR UPDATE also applies the caller's update policies). A row the caller
      -- can read but not lock is one they may not change: refuse it, don't call it missing.
      execute format('select to_jsonb(t) - ''_seq'' - ''_modified'' from public.%I t where t.id = $1 for update', reg.name)
        into current_doc using doc_id;
      if current_doc is null then
        execute format('select to_jsonb(t) - ''_seq'' - ''_modified'' from public.%I t where t.id = $1', reg.name)
          into current_doc using doc_id;
        if current_doc is not null then
          raise exception 'new row violates row-level security policy for table "%"', reg.name using errcode = '42501';
        end if;
      end if;

      -- Compare through the table's own types, so '2026-01-01T00:00:00Z' and
      -- '2026-01-01 00:00:00+00' are the same value; server-kept columns never conflict.
      if current_doc is not null then
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       (select string_agg(format('%I', c), ', ') from unnest(compare_columns) c), reg.name)
          into current_norm using current_doc;
      end if;
      if assumed is not null then
        execute format('select to_jsonb(x) from (select %s from jsonb_populate_record(null::public.%I, $1)) x',
                       (select string_agg(format('%I', c), ', ') from unnest(compare_columns) c), reg.name)
          into assumed_norm using (assumed - rxdb_fields);
      else
        assumed_norm := null;
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
      get stacked diagnostics failed_constraint = constraint_name;
      -- current_doc is the server's state before this row's attempt (the sub-transaction rolled
      -- back); a refused insert comes back as a tombstone so the device drops it.
      refused := refused || jsonb_build_array(jsonb_build_object(
        'id', doc_id,
        'reason', app.refusal_reason(sqlstate, sqlerrm, reg.name, failed_constraint),
        'code', sqlstate,
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

-- Words a person can act on for the common refusals: a broken rule is explained by the comment
-- on its constraint; otherwise the database's message.
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
    when code = '23505' then 'This record already exists and you may not change it.'
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

grant execute on function public.sync_pull(text, jsonb, integer) to authenticated;
grant execute on function public.sync_push(text, jsonb) to authenticated;

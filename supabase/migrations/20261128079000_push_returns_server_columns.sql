-- A push sent again whose state the server already holds (its first answer was lost, as when
-- the app closed mid-push) answered nothing, so a device that had moved its pull past the row
-- kept its copy without the columns the server set on it (a payment's receipt number, who and
-- when) for good. The server now sends the stored row back as a conflict when the device's copy
-- of those columns differs, and the device takes the server's columns (sync/engine/refusals.ts).
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

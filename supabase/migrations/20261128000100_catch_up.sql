-- Brings every database level with the migrations as they stand. Until 2026-11-28 some migrations
-- were edited after they had been applied: a database made by an earlier build kept the older
-- definitions (a migration runs once per database), and two files once shared one version, so
-- `20261126000300_outbox_wakeup` never ran where `…000300_outbox_recipients` ran first. This
-- migration re-creates, in its current form, everything those edits changed; on a database that
-- already has it, it changes nothing. From here on a landed migration is never edited
-- (supabase/migrations.lock, tests/sql/migration-history.test.ts): fixes go forward in a new one.
-- The current definitions themselves are read in supabase/schemas/.

-- ---------------------------------------------------------------------------------------------
-- Sync: numbering at commit with the private poke, and the push that decides each row alone.
-- ---------------------------------------------------------------------------------------------
drop function if exists app.sync_poke();

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
grant execute on function app.sync_push(text, jsonb) to authenticated;
grant execute on function app.sync_push(text, jsonb) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Accounts: app versions are checked before they are stored.
-- ---------------------------------------------------------------------------------------------
-- An app version as the app sends it ('1.0.54'): anything else (a long text, an object sent as
-- text) would be stored on the member's record, so it is refused with the reason.
create or replace function app.check_app_version(app_version text) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if app_version is not null and app_version !~ '^[0-9A-Za-z.+-]{0,40}$' then
    raise exception 'An app version is up to 40 letters, digits, dots, plus or minus signs, such as 1.0.54'
      using errcode = '22023';
  end if;
end
$$;
revoke execute on function app.check_app_version(text) from public;

-- record_activity (unchanged otherwise): the version is checked first.
create or replace function public.record_activity(app_version text default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform app.check_app_version(record_activity.app_version);
  update public.members m
     set last_activity = now(),
         app_version = coalesce(nullif(record_activity.app_version, ''), m.app_version)
   where m.id = auth.uid() and m.status = 'verified';
end
$$;
grant execute on function public.record_activity(text) to authenticated, service_role;

-- record_sign_in (unchanged otherwise): the version is checked first.
create or replace function public.record_sign_in(app_version text default null)
returns public.members
language plpgsql volatile security definer set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  me public.members%rowtype;
begin
  perform app.check_app_version(record_sign_in.app_version);
  select * into me from public.members m where m.id = auth.uid() for update;
  if me.id is null then
    raise exception 'This email is not registered with us.' using errcode = 'P0001';
  end if;
  if me.status = 'blocked' then
    raise exception 'Your account has been temporarily disabled.' using errcode = '42501';
  end if;
  update public.members m
     set signin_count = m.signin_count + 1,
         last_activity = now(),
         app_version = coalesce(nullif(record_sign_in.app_version, ''), m.app_version)
   where m.id = me.id
  returning * into me;
  insert into public.login_history (member_id, app_version, user_agent, ip)
  values (
    me.id,
    record_sign_in.app_version,
    left(headers ->> 'user-agent', 500),
    coalesce(nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''), headers ->> 'x-real-ip')
  );
  return me;
end
$$;
grant execute on function public.record_sign_in(text) to authenticated, service_role;

-- Visitors have no privileges on the replicated tables, and nobody deletes from them directly.
revoke all on public.reference, public.topics, public.timetables, public.lesson_items from anon;
revoke delete on public.reference, public.topics, public.facilitators, public.timetables,
  public.lesson_items from anon, authenticated;
revoke truncate, references, trigger on public.reference, public.topics, public.facilitators,
  public.timetables, public.lesson_items from authenticated;

-- ---------------------------------------------------------------------------------------------
-- Admin: one helper for the page size of every list.
-- ---------------------------------------------------------------------------------------------
-- The admin's counts (F17) and the shared page size (F16). The counts are taken from the tables
-- when an admin reads them, so they can never drift from the data they count; counters of areas
-- the centre does not run yet (scheduled tasks, WhatsApp numbers, feedback) are not reported.
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
    'functionErrors', (select count(*) from public.system_errors e where e.dismissed_at is null),
    'systemWarnings', (select count(*) from public.system_warnings w where w.dismissed_at is null),
    'backendEmails', (select count(*) from public.email_outbox),
    'emailsFailed', (select count(*) from public.email_outbox o where o.status = 'failed'),
    'emailTypes', (
      select jsonb_object_agg(t.type, (select count(*) from public.email_outbox o
                                        where o.email_type = t.type))
        from unnest(array['Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt',
                          'Webmail', 'Members', 'Contribution Receipt']) as t(type))
  );
end;
$$;
revoke execute on function public.admin_overview() from public;
grant execute on function public.admin_overview() to authenticated;

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

-- ---------------------------------------------------------------------------------------------
-- Mail: what `20261126000300_outbox_wakeup` makes (on Supabase the database wakes the
-- dispatcher), the sender accounts and the template reset.
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if to_regnamespace('vault') is not null then
    if exists (select 1 from pg_available_extensions where name = 'pg_net') then
      create extension if not exists pg_net with schema extensions;
    end if;
    if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
      create extension if not exists pg_cron;
    end if;
  end if;
end;
$$;

-- Asks the `outbox` function to dispatch. pg_net sends the request from a background worker after
-- the transaction commits (a rolled-back insert wakes nobody), so the function sees the new rows.
-- Returns pg_net's request id, or null when nothing was sent: no pg_net or Vault here (the local
-- host wakes its mailer by NOTIFY), or the two secrets are not stored yet (a warning says which).
create or replace function app.wake_outbox() returns bigint
language sql security definer set search_path = ''
as $$ select app.wake_function('outbox_url', 'E-mail waits') $$;
revoke execute on function app.wake_outbox() from public, anon, authenticated;

-- One wake-up per statement that queues mail, however many rows it inserts.
create or replace function app.wake_outbox_on_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform app.wake_outbox();
  return null;
end;
$$;
revoke execute on function app.wake_outbox_on_insert() from public, anon, authenticated;

-- An admin putting a failed message back in the queue wakes the dispatcher too; the dispatcher's
-- own updates (claiming, marking sent or failed) never do, or it would wake itself forever.
create or replace function app.wake_outbox_on_requeue() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if exists (select 1 from requeued_new n join requeued_old o on o.id = n.id
              where o.status = 'failed' and n.status = 'queued') then
    perform app.wake_outbox();
  end if;
  return null;
end;
$$;
revoke execute on function app.wake_outbox_on_requeue() from public, anon, authenticated;

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
revoke execute on function public.mail_sender_accounts() from public, anon;
grant execute on function public.mail_sender_accounts() to authenticated;

-- Goes back to the app's default for a template.
create or replace function public.reset_email_template(name text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office edits the e-mail templates.' using errcode = '42501';
  end if;
  if reset_email_template.name is null or reset_email_template.name not in (
       'meeting', 'trial', 'admission', 'admissionPayment', 'enrolment', 'feeReceipt',
       'contributionReceipt') then
    raise exception 'Unknown template: %', coalesce(reset_email_template.name, 'none') using errcode = '22023';
  end if;
  delete from public.email_templates t where t.name = reset_email_template.name;
  return jsonb_build_object('type', 'success', 'message', 'Template back to the default');
end;
$$;
revoke execute on function public.reset_email_template(text) from public, anon;
grant execute on function public.reset_email_template(text) to authenticated;

drop trigger if exists email_outbox_wake on public.email_outbox;
create trigger email_outbox_wake
  after insert on public.email_outbox
  for each statement execute function app.wake_outbox_on_insert();

drop trigger if exists email_outbox_wake_requeued on public.email_outbox;
create trigger email_outbox_wake_requeued
  after update on public.email_outbox
  referencing old table as requeued_old new table as requeued_new
  for each statement execute function app.wake_outbox_on_requeue();

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('outbox-retries', '* * * * *', 'select app.wake_outbox()');
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- WhatsApp: claiming, recording and reading messages.
-- ---------------------------------------------------------------------------------------------
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

-- ---------------------------------------------------------------------------------------------
-- Payments: what a device may write on a payment.
-- ---------------------------------------------------------------------------------------------
create or replace function app.payments_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  student_family text;
begin
  if tg_op = 'UPDATE' then
    new.receipt_number := old.receipt_number;
    -- Sync's own bookkeeping (numbering the change at commit) is no change to the payment.
    if (new.family_id, new.student_id, new.kind, new.status, new.data, new._deleted)
       is not distinct from (old.family_id, old.student_id, old.kind, old.status, old.data, old._deleted) then
      return new;
    end if;
    if new._deleted and not old._deleted and old.status = 'recorded' then
      raise exception 'A recorded payment has its receipt: set it aside instead of removing it.'
        using errcode = 'P0001';
    end if;
    if new.family_id is distinct from old.family_id or new.student_id is distinct from old.student_id
       or new.kind is distinct from old.kind then
      raise exception 'A payment stays with its family and student: set it aside and record it again.'
        using errcode = 'P0001';
    end if;
  else
    new.receipt_number := null;
  end if;

  -- Server code (the seed, the service role) has no signed-in person and is trusted like staff.
  if auth.uid() is not null and not app.is_staff() then
    -- A guardian reports a payment of their own family; the office does the rest.
    if tg_op = 'UPDATE' then
      raise exception 'Only the office can change a payment.' using errcode = '42501';
    end if;
    if new.status <> 'reported' then
      raise exception 'A family reports a payment; the office records it.' using errcode = '42501';
    end if;
    new.data := new.data - 'email' || jsonb_build_object('sendEmail', false);
  end if;

  if tg_op = 'UPDATE' and old.status = 'recorded' then
    if new.status = 'reported' then
      raise exception 'A recorded payment cannot go back to waiting.' using errcode = 'P0001';
    end if;
    if (new.data - 'note' - 'sendEmail' - 'email') is distinct from (old.data - 'note' - 'sendEmail' - 'email') then
      raise exception 'A recorded payment has its receipt: set it aside and record it again.'
        using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'UPDATE' and old.status = 'void' and new.status <> 'void' then
    raise exception 'A payment set aside stays set aside: record it again.' using errcode = 'P0001';
  end if;

  if new.student_id is not null then
    select s.family_id into student_family from public.students s where s.id = new.student_id;
    if student_family is distinct from new.family_id then
      raise exception 'The student is not a child of this family.' using errcode = 'P0001';
    end if;
  end if;
  if new.kind = 'fee' and (new.data ->> 'paymentType') is null then
    raise exception 'A fee has its type.' using errcode = 'P0001';
  end if;
  if new.kind = 'contribution' and (new.data ->> 'contributionType') is null then
    raise exception 'A contribution has its type.' using errcode = 'P0001';
  end if;

  -- Recording gives the receipt its number, once: a payment set aside later keeps it (no gaps).
  if new.status = 'recorded' and new.receipt_number is null then
    new.receipt_number := app.next_receipt_number(new.data ->> 'feeYear');
  end if;
  return new;
end;
$$;
revoke execute on function app.payments_guard() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Admission steps: a step reaches only the family its own inquiry's admission made.
-- ---------------------------------------------------------------------------------------------
-- Whether the family record was made by one of this inquiry's admissions: a step never reaches
-- into another family's record.
create or replace function app.inquiry_made_family(inquiry text, family text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admission_steps s
                  where s.inquiry_id = inquiry and s.kind = 'admission'
                    and s.outcome ->> 'familyToken' = family)
$$;
revoke execute on function app.inquiry_made_family(text, text) from public, anon, authenticated;

-- One step, checked and carried out. Raises with the reason when it cannot be.
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
    family_token := step ->> 'familyToken';
    if family_token is null or family_token !~ '^[A-Za-z0-9_-]{1,64}$' then
      raise exception 'The admission needs a family token.' using errcode = '22023';
    end if;
    if not exists (select 1 from public.reference r where r.id = step #>> '{admission,groupId}'
                     and r.kind = 'group' and not r._deleted) then
      raise exception 'Choose the group' using errcode = '22023';
    end if;
    if exists (select 1 from public.families f where f.id = family_token)
       and not app.inquiry_made_family(inquiry.id, family_token) then
      raise exception 'This family token names another family''s record.' using errcode = '22023';
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
    if inquiry.data ->> 'familyToken' is null then
      raise exception 'Send the admission e-mail first: it makes the family record.' using errcode = '22023';
    end if;
  elsif kind = 'enrolment' then
    family_token := inquiry.data ->> 'familyToken';
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
              'enrolledAt', now())),
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

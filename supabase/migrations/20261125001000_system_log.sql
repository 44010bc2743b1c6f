-- The System Errors and Warnings panes (F30, F31): server code records what an admin must know
-- about, admins read the entries page by page and dismiss them once handled.

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

-- An e-mail that could not be delivered is an error for the admins; the first refusal of one
-- that will be retried is a warning, so a mail server that keeps refusing is noticed early.
create or replace function app.log_outbox_trouble() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  what text := format('"%s" to %s', new.subject, array_to_string(new.recipients, ', '));
  details jsonb := jsonb_build_object('emailId', new.id, 'type', new.email_type,
                                      'attempts', new.attempts, 'reason', new.last_error);
begin
  if new.status = 'failed' then
    insert into public.system_errors (source, message, details)
    values ('e-mail', left(format('The e-mail %s could not be sent: %s', what,
                                  coalesce(new.last_error, 'unknown error')), 2000), details);
  elsif new.status = 'queued' and old.status = 'sending' and new.last_error is not null
        and new.attempts = 1 then
    insert into public.system_warnings (source, message, details)
    values ('e-mail', left(format('The e-mail %s was not accepted (%s); it will be tried again.',
                                  what, new.last_error), 2000), details);
  end if;
  return null;
end;
$$;
drop trigger if exists email_outbox_trouble on public.email_outbox;
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
    raise exception 'That entry does not exist or is already dismissed' using errcode = 'P0002';
  end if;
  return jsonb_build_object('type', 'success', 'dismissed', n,
    'message', case when n = 1 then '1 entry dismissed' else n || ' entries dismissed' end);
end;
$$;
grant execute on function public.admin_dismiss_log(text, uuid) to authenticated;

-- The admin's Facilitators pane (operations.md §2, §3; F37): admins add the facilitators who will
-- sign up (authPending until their account is set up), correct them, and remove those who never
-- signed up. The list replicates, so the pane works offline like every other list.

-- One facilitator per e-mail address: the address is how a new facilitator's sign-up finds them.
-- A removed facilitator's address can be used again.
drop index if exists public.facilitators_email_key;
create unique index facilitators_email_key on public.facilitators (email) where not _deleted;
comment on index public.facilitators_email_key is
  'Another facilitator already has this e-mail address.';

-- A facilitator with an account stays on the list (their lessons and sign-in depend on it).
alter table public.facilitators drop constraint if exists facilitators_active_kept;
alter table public.facilitators add constraint facilitators_active_kept
  check (not (_deleted and status = 'active'));
comment on constraint facilitators_active_kept on public.facilitators is
  'A facilitator who has set up their account cannot be removed; block their account in Members instead.';

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

-- Whether a mail server is set up where the e-mail dispatcher runs (issue 40): the dispatcher
-- notes it, and the admins' Node Mailer pane and counts read it, with the e-mails still waiting.
-- Whether the e-mail dispatcher has a mail server (SMTP_URL) where it runs, as it last said: the
-- local host at its start, the `outbox` function whenever it is woken. Without one, e-mail only
-- queues, and the admins' Node Mailer pane and counts say so plainly (issue 40). One row.
create table if not exists app.mail_transport (
  id boolean primary key default true check (id),
  configured boolean not null,
  noted_at timestamptz not null default now()
);

alter table app.mail_transport enable row level security;

revoke all on app.mail_transport from public, anon, authenticated;

-- The dispatcher says whether it has a mail server. Server code only.
create or replace function public.outbox_note_transport(configured boolean) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into app.mail_transport as t (id, configured, noted_at)
  values (true, coalesce(outbox_note_transport.configured, false), now())
  on conflict (id) do update set configured = excluded.configured, noted_at = excluded.noted_at;
$$;

revoke execute on function public.outbox_note_transport(boolean) from public, anon, authenticated;

grant execute on function public.outbox_note_transport(boolean) to service_role;

-- One page of e-mails for the Node Mailer pane, now with when a queued one is tried next, what
-- the server answered for each address, the open mail server problem (the reason queued e-mails
-- are not leaving), if any, and the mail that waits untried (`stalled`: how many, since when, and
-- how the dispatcher is woken), which no mail server problem reports when the dispatcher never runs,
-- and whether a mail server is set up where the mail is sent from (`mailServer`: false when the
-- dispatcher last said it has none, null before it has said).
-- It runs as its owner (admins only, checked first): `authenticated` may not read the bodies and
-- attachments it counts.
create or replace function public.admin_list_emails(
  email_type text default null,
  page_offset integer default 0
) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  size integer := app.page_size();
  total bigint;
  rows jsonb;
  trouble text;
  waiting bigint;
  waiting_since timestamptz;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the e-mail log' using errcode = '42501';
  end if;
  if admin_list_emails.email_type is not null and admin_list_emails.email_type not in (
    'Inquiry', 'Admissions', 'Student Feedback', 'Payment Receipt', 'Webmail', 'Members',
    'Contribution Receipt') then
    raise exception 'Unknown e-mail type: %', admin_list_emails.email_type using errcode = '22023';
  end if;
  with chosen as (
    select o.* from public.email_outbox o
     where admin_list_emails.email_type is null or o.email_type = admin_list_emails.email_type
  )
  select (select count(*) from chosen),
         coalesce((select jsonb_agg(to_jsonb(p)) from (
           select c.id, c.recipients, c.cc, c.subject, c.email_type, c.email_trigger, c.status,
                  c.attempts, c.last_error, c.created_at, c.sent_at, c.next_attempt_at,
                  c.deliveries, jsonb_array_length(c.attachments) as attachment_count
             from chosen c
            order by c.created_at desc, c.id
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  select e.message into trouble
    from public.system_errors e
   where e.source = 'e-mail server' and e.dismissed_at is null
   order by e.logged_at desc limit 1;
  -- Mail due for five minutes that nobody has tried: the dispatcher is not being woken.
  select count(*), min(o.created_at) into waiting, waiting_since
    from public.email_outbox o
   where o.status = 'queued' and o.attempts = 0 and o.next_attempt_at < now() - interval '5 minutes';
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows, 'serverProblem', trouble,
    'mailServer', (select t.configured from app.mail_transport t),
    'stalled', case when waiting > 0 then jsonb_build_object(
                 'count', waiting, 'since', waiting_since, 'wakeUp', app.mail_wakeup()) end);
end;
$$;

grant execute on function public.admin_list_emails(text, integer) to authenticated;

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
    'emailsQueued', (select count(*) from public.email_outbox o where o.status in ('queued', 'sending')),
    'mailServer', (select t.configured from app.mail_transport t),
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

-- The admin's Node Mailer pane (operations.md §1, §9; F33): the e-mails the centre sent or is
-- sending, filtered by type, each readable as it went out, and a failed one sent again.

-- One page of e-mails, newest first, optionally of one type, with the total for the pager.
create or replace function public.admin_list_emails(
  email_type text default null,
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
                  c.attempts, c.last_error, c.created_at, c.sent_at,
                  jsonb_array_length(c.attachments) as attachment_count
             from chosen c
            order by c.created_at desc, c.id
            limit size offset greatest(coalesce(page_offset, 0), 0)) p), '[]'::jsonb)
    into total, rows;
  return jsonb_build_object('total', total, 'pageSize', size, 'rows', rows);
end;
$$;
grant execute on function public.admin_list_emails(text, integer) to authenticated;

-- Sends a failed e-mail again: it goes back to the queue with a fresh set of attempts.
create or replace function public.admin_retry_email(email text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  n integer;
begin
  if not app.is_admin() then
    raise exception 'Only admins can send e-mails again' using errcode = '42501';
  end if;
  update public.email_outbox o
     set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null
   where o.id = admin_retry_email.email and o.status = 'failed';
  get diagnostics n = row_count;
  if n = 0 then
    raise exception 'Only an e-mail that failed can be sent again' using errcode = 'P0001';
  end if;
  return jsonb_build_object('type', 'success', 'message', 'The e-mail is queued to be sent again');
end;
$$;
revoke execute on function public.admin_retry_email(text) from public, anon;
grant execute on function public.admin_retry_email(text) to authenticated;

-- One e-mail as it went out: the body and the attachments' names. The one-time codes of
-- account e-mails (password reset, confirmation, invitation links) are hidden: an admin reading
-- the log must not be able to use another person's link.
create or replace function public.admin_email_body(email text) returns jsonb
language plpgsql stable security invoker set search_path = ''
as $$
declare
  found jsonb;
begin
  if not app.is_admin() then
    raise exception 'Only admins can read the e-mail log' using errcode = '42501';
  end if;
  select jsonb_build_object(
           'html', regexp_replace(o.html_body,
                                  '([?&](amp;)?(oobCode|confirm|token|token_hash|code)=)[^"''&<\s]+',
                                  '\1(hidden)', 'g'),
           'attachments', coalesce((select jsonb_agg(case when jsonb_typeof(a) = 'string'
                                                           then a #>> '{}'
                                                           else coalesce(a ->> 'filename', a ->> 'path', 'attachment') end)
                                      from jsonb_array_elements(o.attachments) a), '[]'::jsonb))
    into found
    from public.email_outbox o where o.id = admin_email_body.email;
  if found is null then
    raise exception 'No such e-mail' using errcode = 'P0002';
  end if;
  return found;
end;
$$;
grant execute on function public.admin_email_body(text) to authenticated;

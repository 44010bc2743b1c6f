-- Webmail (operations.md §3, §6, §7, §9; O02-O08): the centre's sender accounts and the `webmail`
-- call that queues a message written by a member of staff in the outbox, logged with its type and
-- trigger like every e-mail.

-- The sender accounts: five display names (two people, Admissions, Team, Accounts), each with its
-- address. `member_id` maps a signed-in member to the account that is theirs (O07): the webmail
-- dialog starts with it, and with Team for everyone else. The rows are the centre's own data
-- (which people, which addresses), set by whoever runs the centre's database; the demo centre's
-- come with its seed.
create table if not exists public.mail_senders (
  key text primary key check (key ~ '^[a-z][a-z0-9-]{0,40}$'),
  display_name text not null check (length(btrim(display_name)) between 1 and 100
                                    and display_name !~ '[<>"\r\n]'),
  address text not null check (address ~* '^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,63}$'),
  member_id uuid unique references public.members (id) on delete set null,
  position integer not null default 0,
  -- The admissions office's address is copied on every webmail (O05).
  is_admissions_office boolean not null default false
);
create unique index if not exists mail_senders_one_admissions_office
  on public.mail_senders (is_admissions_office) where is_admissions_office;
alter table public.mail_senders enable row level security;
revoke all on public.mail_senders from anon, authenticated;
grant select on public.mail_senders to authenticated;
grant all on public.mail_senders to service_role;

drop policy if exists "Staff read the sender accounts" on public.mail_senders;
create policy "Staff read the sender accounts" on public.mail_senders
  for select to authenticated using ((select app.is_staff()));

-- The sender accounts for the webmail dialog, in order, and the signed-in member's own (O07):
-- {"senders": [{key, display_name, address, is_admissions_office}], "mine": key or null}.
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
    'mine', (select s.key from public.mail_senders s where s.member_id = auth.uid()));
end;
$$;
revoke execute on function public.mail_sender_accounts() from public, anon;
grant execute on function public.mail_sender_accounts() to authenticated;

-- webmail(sender, recipient list, cc, subject, htmlBody, attachments): queues the message as the
-- signed-in member of staff, from the chosen sender account, typed 'Webmail' with the trigger
-- 'webmail'. Answers {type, message} (O02, O03). Attachments travel in the row as
-- {filename, content (base64), contentType}, at most 10 MB in all.
create or replace function public.webmail(
  sender text, recipients text[], cc text[], subject text, html_body text,
  attachments jsonb default '[]'::jsonb
) returns jsonb
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  account public.mail_senders;
  address text;
  pattern constant text := '^[\w-]+(\.[\w-]+)*@([\w-]+\.)+[A-Za-z]{2,7}$';
  item jsonb;
begin
  if not app.is_staff() then
    raise exception 'Only the centre''s staff can send e-mail' using errcode = '42501';
  end if;
  select * into account from public.mail_senders s where s.key = webmail.sender;
  if not found then
    raise exception 'Choose a sender' using errcode = '22023';
  end if;
  if coalesce(cardinality(recipients), 0) = 0 then
    raise exception 'Add at least one recipient' using errcode = '22023';
  end if;
  if cardinality(recipients) > 50 or coalesce(cardinality(cc), 0) > 50 then
    raise exception 'An e-mail goes to at most 50 recipients and 50 copies' using errcode = '22023';
  end if;
  foreach address in array recipients || coalesce(cc, '{}'::text[]) loop
    if address is null or address !~ pattern then
      raise exception '% is not an e-mail address', coalesce(address, 'An empty entry') using errcode = '22023';
    end if;
  end loop;
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html_body, ''))) = 0 then
    raise exception 'Write the message' using errcode = '22023';
  end if;
  if jsonb_typeof(coalesce(attachments, '[]'::jsonb)) <> 'array' then
    raise exception 'The attachments must be a list' using errcode = '22023';
  end if;
  for item in select value from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) loop
    if jsonb_typeof(item) <> 'object' or coalesce(item ->> 'filename', '') = ''
       or jsonb_typeof(item -> 'content') is distinct from 'string' then
      raise exception 'Each attachment needs a file name and its content' using errcode = '22023';
    end if;
  end loop;
  if octet_length(coalesce(attachments, '[]'::jsonb)::text) > 14 * 1024 * 1024 then
    raise exception 'The attachments are larger than 10 MB' using errcode = '22023';
  end if;
  insert into public.email_outbox (sender, recipients, cc, subject, html_body, attachments,
                                   email_type, email_trigger, triggered_by)
  values (format('"%s" <%s>', account.display_name, account.address), recipients,
          coalesce(cc, '{}'::text[]), subject, html_body,
          (select coalesce(jsonb_agg(jsonb_build_object(
             'filename', left(i ->> 'filename', 200), 'content', i ->> 'content', 'encoding', 'base64',
             'contentType', coalesce(nullif(i ->> 'contentType', ''), 'application/octet-stream'))), '[]'::jsonb)
             from jsonb_array_elements(coalesce(attachments, '[]'::jsonb)) i),
          'Webmail', 'webmail', auth.uid());
  return jsonb_build_object('type', 'success',
                            'message', 'Email sent to ' || array_to_string(recipients, ', '));
end;
$$;
revoke execute on function public.webmail(text, text[], text[], text, text, jsonb) from public, anon;
grant execute on function public.webmail(text, text[], text[], text, text, jsonb) to authenticated;

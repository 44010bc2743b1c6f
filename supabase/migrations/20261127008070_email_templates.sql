-- The centre's e-mail templates as data (operations.md §9, O11; issue 16): the meeting, trial,
-- admission, admission payment, enrolment and receipt e-mails the office sends. The app ships a
-- default for each (sync/messaging/templates.ts); a row here is the centre's own version, which
-- the office edits in Node Mailer and which every dialog uses instead. Removing the row goes back
-- to the default. Only the office reads and writes them, through the functions below.

create table if not exists public.email_templates (
  name text primary key check (name in ('meeting', 'trial', 'admission', 'admissionPayment',
                                        'enrolment', 'feeReceipt', 'contributionReceipt')),
  subject text not null check (length(btrim(subject)) between 1 and 998 and subject !~ '[\r\n]'),
  html text not null check (length(btrim(html)) between 1 and 60000),
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on constraint email_templates_subject_check on public.email_templates is
  'A template''s subject is one line of 1 to 998 characters.';
comment on constraint email_templates_html_check on public.email_templates is
  'A template''s message is 1 to 60,000 characters.';
alter table public.email_templates enable row level security;
revoke all on public.email_templates from anon, authenticated;
grant select on public.email_templates to authenticated;
grant all on public.email_templates to service_role;
drop policy if exists "Office staff read the e-mail templates" on public.email_templates;
create policy "Office staff read the e-mail templates" on public.email_templates
  for select to authenticated using ((select app.is_staff()));

-- The centre's own templates, with who changed each last.
create or replace function public.email_templates() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office reads the e-mail templates.' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'name', t.name, 'subject', t.subject, 'html', t.html, 'updated_at', t.updated_at,
             'updated_by', coalesce(nullif(m.name, ''), m.email)) order by t.name)
      from public.email_templates t left join public.members m on m.id = t.updated_by), '[]'::jsonb);
end;
$$;
revoke execute on function public.email_templates() from public, anon;
grant execute on function public.email_templates() to authenticated;

-- Saves the centre's version of a template.
create or replace function public.save_email_template(name text, subject text, html text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not app.is_staff() then
    raise exception 'Only the office edits the e-mail templates.' using errcode = '42501';
  end if;
  if save_email_template.name is null or save_email_template.name not in (
       'meeting', 'trial', 'admission', 'admissionPayment', 'enrolment', 'feeReceipt',
       'contributionReceipt') then
    raise exception 'Unknown template: %', coalesce(save_email_template.name, 'none') using errcode = '22023';
  end if;
  if length(btrim(coalesce(subject, ''))) = 0 or length(subject) > 998 or subject ~ '[\r\n]' then
    raise exception 'Write a subject (one line, at most 998 characters)' using errcode = '22023';
  end if;
  if length(btrim(coalesce(html, ''))) = 0 or length(html) > 60000 then
    raise exception 'Write the message (at most 60,000 characters)' using errcode = '22023';
  end if;
  insert into public.email_templates (name, subject, html, updated_at, updated_by)
  values (save_email_template.name, btrim(subject), html, now(), auth.uid())
  on conflict on constraint email_templates_pkey do update
    set subject = excluded.subject, html = excluded.html, updated_at = excluded.updated_at,
        updated_by = excluded.updated_by;
  return jsonb_build_object('type', 'success', 'message', 'Template saved');
end;
$$;
revoke execute on function public.save_email_template(text, text, text) from public, anon;
grant execute on function public.save_email_template(text, text, text) to authenticated;

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

-- Pre-admission: inquiries from the three application forms (students, facilitators, onboarding)
-- and what the office records on them; the public forms write through `applications_submit` and
-- `applications_onboarding` only.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create table if not exists public.inquiries (
  id text primary key check (length(id) between 1 and 64),
  kind text not null,
  status text not null default 'initialInquiry',
  family_name text not null default '' check (length(family_name) <= 200),
  submitted timestamptz not null default now(),
  archived boolean not null default false,
  potential boolean not null default false,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint inquiries_kind_known check (kind in ('family', 'facilitator')),
  constraint inquiries_status_known check (status in (
    'initialInquiry', 'meeting', 'trial', 'onHold', 'notProceeding', 'admission', 'enrolled')),
  constraint inquiries_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint family_inquiry_has_people check (
    kind <> 'family' or (jsonb_typeof(data -> 'children') = 'array'
                         and jsonb_typeof(data -> 'guardians') = 'array'))
);

comment on constraint inquiries_status_known on public.inquiries is
  'An inquiry''s status is one of Initial Inquiry, Meeting, Trial, On Hold, Not Proceeding, Admission or Enrolled.';

comment on constraint family_inquiry_has_people on public.inquiries is
  'A family inquiry lists its children and guardians.';

alter table public.inquiries enable row level security;

create index if not exists inquiries_status_idx on public.inquiries (status) where not archived;

-- Who changed an inquiry last (their id and name), and when: the server's clock and the caller,
-- never the device's.
create or replace function app.touch_inquiry() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.submitted := old.submitted;
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  new.updated_by_name := (select nullif(btrim(m.name), '') from public.members m where m.id = auth.uid());
  return new;
end;
$$;

revoke execute on function app.touch_inquiry() from public, anon, authenticated;

create trigger inquiries_touch before insert or update on public.inquiries
  for each row execute function app.touch_inquiry();

select app.register_sync_table('inquiries', array['updated_at', 'updated_by', 'updated_by_name']);

-- The name of who changed it last, written with the id (issue 30); added after the sync columns.
alter table public.inquiries add column if not exists updated_by_name text;

-- A family inquiry stays a family inquiry (a facilitator's application is filed separately).
create trigger kind_is_fixed before update on public.inquiries
  for each row execute function app.kind_is_fixed();

-- Devices write through sync_push only (02_sync.sql: app.writes_go_through_functions).
create trigger writes_go_through_functions before insert or update or delete
  on public.inquiries for each statement execute function app.writes_go_through_functions();

revoke all on public.inquiries from anon;

revoke truncate, references, trigger, delete on public.inquiries from authenticated;

grant select, insert, update on public.inquiries to authenticated;

create policy "Office staff read inquiries" on public.inquiries
  for select to authenticated using ((select app.is_staff()));

create policy "Office staff add inquiries" on public.inquiries
  for insert to authenticated with check ((select app.is_staff()));

create policy "Office staff change inquiries" on public.inquiries
  for update to authenticated using ((select app.is_staff())) with check ((select app.is_staff()));

create or replace function public.applications_submit(inquiry jsonb, mails jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  new_id text := inquiry ->> 'id';
  made text;
  office text[];
  ack jsonb := mails -> 'acknowledgement';
  notice jsonb := mails -> 'notice';
begin
  insert into public.inquiries (id, kind, status, family_name, data)
  values (new_id, inquiry ->> 'kind', 'initialInquiry', coalesce(inquiry ->> 'family_name', ''),
          coalesce(inquiry -> 'data', '{}'::jsonb))
  on conflict (id) do nothing
  returning id into made;
  if made is null then
    return jsonb_build_object('id', new_id, 'duplicate', true);
  end if;

  if ack is not null then
    insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger)
    values (mails ->> 'sender', array[lower(ack ->> 'to')], ack ->> 'subject', ack ->> 'html',
            'Inquiry', 'applications.acknowledgement');
  end if;

  select coalesce(array_agg(distinct lower(m.email)), '{}') into office
    from public.members m
   where m.status = 'verified' and m.role in ('administration', 'admission') and m.email is not null;
  if cardinality(office) = 0 then
    select coalesce(array_agg(distinct lower(m.email)), '{}') into office
      from public.members m
     where m.status = 'verified' and m.role = 'admin' and m.email is not null;
  end if;
  if notice is not null and cardinality(office) > 0 then
    insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger)
    values (mails ->> 'sender', office[1:100], notice ->> 'subject', notice ->> 'html',
            'Inquiry', 'applications.notice');
  end if;
  return jsonb_build_object('id', new_id, 'duplicate', false);
end;
$$;

revoke execute on function public.applications_submit(jsonb, jsonb) from public, anon, authenticated;

grant execute on function public.applications_submit(jsonb, jsonb) to service_role;

-- Onboarding answers waiting for their family to confirm them from the e-mailed link (issue 29):
-- who picks a child up is a safety matter, so answers join an inquiry only when someone who reads
-- the mailbox that applied opens the link. Only a hash of the link's token is kept; a link works
-- once, for three days.
create table if not exists app.onboarding_confirmations (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  inquiry_id text not null references public.inquiries (id) on delete cascade,
  answers jsonb not null check (jsonb_typeof(answers) = 'object'),
  created_at timestamptz not null default now()
);

alter table app.onboarding_confirmations enable row level security;

revoke all on app.onboarding_confirmations from public, anon, authenticated;

create index if not exists onboarding_confirmations_inquiry_idx
  on app.onboarding_confirmations (inquiry_id, created_at);

-- Answers sent from /apply-onboarding (the `applications` function, service role only): when a
-- family inquiry lists the address, they wait for confirmation and the link goes to that address
-- as the inquiry has it. The caller is told the same whether or not the address applied.
create or replace function public.applications_onboarding_request(answers jsonb, token_hash text, mail jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target text;
  address text;
begin
  select i.id, g ->> 'email' into target, address
    from public.inquiries i, jsonb_array_elements(i.data -> 'guardians') g
   where i.kind = 'family' and not i.archived
     and lower(g ->> 'email') = lower(answers ->> 'email')
   order by i.submitted desc, i.id
   limit 1;
  if target is null then
    return jsonb_build_object('found', false);
  end if;
  delete from app.onboarding_confirmations c
   where c.created_at < now() - interval '3 days'
      or (c.inquiry_id = target and c.token_hash in (
            select x.token_hash from app.onboarding_confirmations x where x.inquiry_id = target
             order by x.created_at desc offset 4));
  insert into app.onboarding_confirmations (token_hash, inquiry_id, answers)
  values (applications_onboarding_request.token_hash, target, answers);
  insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger)
  values (mail ->> 'sender', array[address], mail ->> 'subject', mail ->> 'html', 'Inquiry',
          'applications.onboardingConfirm');
  return jsonb_build_object('found', true);
end;
$$;

revoke execute on function public.applications_onboarding_request(jsonb, text, jsonb) from public, anon, authenticated;

grant execute on function public.applications_onboarding_request(jsonb, text, jsonb) to service_role;

-- The family opened the link: its answers join the inquiry, once. Earlier answers are kept beside
-- them (newest first, five at most), so a second set never silently replaces the first.
create or replace function public.applications_onboarding_confirm(token_hash text)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  waiting app.onboarding_confirmations;
begin
  delete from app.onboarding_confirmations c
   where c.token_hash = applications_onboarding_confirm.token_hash
     and c.created_at >= now() - interval '3 days'
  returning * into waiting;
  if waiting.inquiry_id is null then
    return jsonb_build_object('found', false);
  end if;
  update public.inquiries i
     set data = i.data
           || jsonb_build_object('onboarding', waiting.answers || jsonb_build_object('submitted', now()))
           || case when i.data ? 'onboarding' then jsonb_build_object('onboardingEarlier',
                (select coalesce(jsonb_agg(x.e order by x.n), '[]'::jsonb)
                   from jsonb_array_elements(jsonb_build_array(i.data -> 'onboarding')
                          || coalesce(i.data -> 'onboardingEarlier', '[]'::jsonb))
                        with ordinality as x(e, n)
                  where x.n <= 5))
              else '{}'::jsonb end
   where i.id = waiting.inquiry_id;
  return jsonb_build_object('found', true, 'id', waiting.inquiry_id);
end;
$$;

revoke execute on function public.applications_onboarding_confirm(text) from public, anon, authenticated;

grant execute on function public.applications_onboarding_confirm(text) to service_role;

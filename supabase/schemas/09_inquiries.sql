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

-- Who changed an inquiry last, and when: the server's clock and the caller, never the device's.
create or replace function app.touch_inquiry() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.submitted := old.submitted;
  end if;
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end;
$$;

revoke execute on function app.touch_inquiry() from public, anon, authenticated;

create trigger inquiries_touch before insert or update on public.inquiries
  for each row execute function app.touch_inquiry();

select app.register_sync_table('inquiries', array['updated_at', 'updated_by']);

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
  for select to authenticated using (app.is_staff());

create policy "Office staff add inquiries" on public.inquiries
  for insert to authenticated with check (app.is_staff());

create policy "Office staff change inquiries" on public.inquiries
  for update to authenticated using (app.is_staff()) with check (app.is_staff());

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

-- The onboarding questionnaire (/apply-onboarding, decisions G03, G04, G16): a family that has
-- applied answers it before the first day. The `applications` function checks the answers and
-- calls this with the service key; the answers join the family's newest open inquiry whose
-- guardians include the given e-mail address, as data.onboarding, with the server's time. Sending
-- the same answers again (the same id) changes nothing; new answers replace earlier ones.
create or replace function public.applications_onboarding(answers jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target text;
  earlier text;
begin
  select i.id, i.data -> 'onboarding' ->> 'id' into target, earlier
    from public.inquiries i
   where i.kind = 'family' and not i.archived
     and exists (select 1 from jsonb_array_elements(i.data -> 'guardians') g
                  where lower(g ->> 'email') = lower(answers ->> 'email'))
   order by i.submitted desc, i.id
   limit 1
   for update;
  if target is null then
    return jsonb_build_object('found', false);
  end if;
  if earlier is not distinct from answers ->> 'id' then
    return jsonb_build_object('found', true, 'id', target, 'duplicate', true);
  end if;
  update public.inquiries
     set data = jsonb_set(data, '{onboarding}', answers || jsonb_build_object('submitted', now()))
   where id = target;
  return jsonb_build_object('found', true, 'id', target, 'duplicate', false);
end;
$$;

revoke execute on function public.applications_onboarding(jsonb) from public, anon, authenticated;

grant execute on function public.applications_onboarding(jsonb) to service_role;

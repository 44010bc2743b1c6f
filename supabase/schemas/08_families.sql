-- Families and students: a family's record (guardians' profile, forms, documents) and each
-- child's enrolment, replicated to the office, to the family's guardians and to the student; and
-- what families read of their groups' lessons.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

create table if not exists public.families (
  id text primary key check (length(id) between 1 and 64),
  status text not null default 'enrolled',
  name text not null check (length(btrim(name)) between 1 and 200),
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint families_status_known check (status in ('admission', 'enrolled', 'notEnrolled', 'archived')),
  constraint families_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint families_guardians_are_a_list check (jsonb_typeof(coalesce(data -> 'guardians', '[]'::jsonb)) = 'array')
);

comment on constraint families_status_known on public.families is
  'A family is in admission, enrolled, not enrolled or archived.';

comment on constraint families_guardians_are_a_list on public.families is
  'A family lists its guardians.';

alter table public.families enable row level security;

create index if not exists families_status_idx on public.families (status);

create table if not exists public.students (
  id text primary key check (length(id) between 1 and 64),
  family_id text not null check (length(family_id) between 1 and 64),
  contact_id text check (length(contact_id) between 1 and 100),
  group_id text check (length(group_id) between 1 and 100),
  status text not null default 'active',
  name text not null check (length(btrim(name)) between 1 and 200),
  fee_tariff_id text check (length(fee_tariff_id) between 1 and 100),
  enrolment jsonb not null default '{}'::jsonb,
  data jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint students_status_known check (status in ('active', 'trial', 'terminated')),
  constraint students_data_is_object check (jsonb_typeof(data) = 'object'),
  constraint students_enrolment_is_object check (jsonb_typeof(enrolment) = 'object'),
  constraint students_active_have_a_group check (status = 'terminated' or group_id is not null)
);

comment on constraint students_status_known on public.students is
  'A student is active, on trial or their enrolment is terminated.';

comment on constraint students_active_have_a_group on public.students is
  'An enrolled student belongs to a group.';

alter table public.students enable row level security;

create index if not exists students_family_idx on public.students (family_id);

create index if not exists students_group_idx on public.students (group_id);

create index if not exists students_contact_idx on public.students (contact_id);

-- Who last changed a record, kept by the server.
create trigger families_touch before insert or update on public.families
  for each row execute function app.touch_updated();

create trigger students_touch before insert or update on public.students
  for each row execute function app.touch_updated();

select app.register_sync_table('families', array['updated_at', 'updated_by']);

select app.register_sync_table('students', array['updated_at', 'updated_by']);

-- Whether the caller is a guardian (parent facilitators included) of the given family.
create or replace function app.is_guardian_of(family text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.members m
     where m.id = auth.uid() and m.status = 'verified' and m.role = 'guardian'
       and m.family_token is not null and m.family_token = family
  )
$$;

grant execute on function app.is_guardian_of(text) to authenticated, service_role;

-- Whether the given family contact is the caller's own (a student's row is theirs through it).
create or replace function app.is_own_contact(contact text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select contact is not null and exists (
    select 1 from public.family_contacts c
      join public.members m on m.id = c.member_id
     where c.id = contact and m.id = auth.uid() and m.status = 'verified'
  )
$$;

grant execute on function app.is_own_contact(text) to authenticated, service_role;

-- The families whose guardian the caller is (parent facilitators included), as a set a policy
-- compares a row's family with: `family_id = any ((select app.my_family_ids())::text[])`.
create or replace function app.my_family_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(m.family_token), '{}')
    from public.members m
   where m.id = auth.uid() and m.status = 'verified' and m.role = 'guardian'
     and m.family_token is not null
$$;

revoke execute on function app.my_family_ids() from public, anon;

grant execute on function app.my_family_ids() to authenticated, service_role;

-- The family contacts that are the caller's own (a student's row is theirs through one), as a set.
create or replace function app.my_contact_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(c.id), '{}')
    from public.family_contacts c
    join public.members m on m.id = c.member_id
   where m.id = auth.uid() and m.status = 'verified'
$$;

revoke execute on function app.my_contact_ids() from public, anon;

grant execute on function app.my_contact_ids() to authenticated, service_role;

-- The groups whose timetable the caller follows as a family: a guardian's children's groups, a
-- student's own group. Terminated and removed students follow nothing.
create or replace function app.family_group_ids() returns text[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(distinct s.group_id), '{}')
    from public.students s
    join public.members m on m.id = auth.uid() and m.status = 'verified'
   where not s._deleted and s.status <> 'terminated' and s.group_id is not null
     and ((m.role = 'guardian' and s.family_id = m.family_token)
          or (m.role = 'student' and exists (
                select 1 from public.family_contacts c
                 where c.id = s.contact_id and c.member_id = m.id)))
$$;

grant execute on function app.family_group_ids() to authenticated, service_role;

create or replace function app.families_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if app.is_staff() then
    return new;
  end if;
  if (new.status, new.name, new._deleted) is distinct from (old.status, old.name, old._deleted) then
    raise exception 'Only the office can change a family''s status or name, or remove it.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function app.families_guard() from public, anon, authenticated;

create trigger families_guard before update on public.families
  for each row execute function app.families_guard();

-- A family's id is what its guardians read it by.
create trigger id_is_fixed before update on public.families
  for each row execute function app.columns_are_fixed('id');

create or replace function app.students_guard() returns trigger
language plpgsql set search_path = ''
as $$
begin
  -- A student stays in their family: moving them would hide them from devices without a word.
  if new.family_id is distinct from old.family_id then
    raise exception 'A student cannot move to another family: enrol them in that family instead.'
      using errcode = 'P0001';
  end if;
  if app.is_staff() then
    return new;
  end if;
  if (new.name, new.contact_id, new.group_id, new.status, new.fee_tariff_id, new.enrolment, new._deleted)
     is distinct from
     (old.name, old.contact_id, old.group_id, old.status, old.fee_tariff_id, old.enrolment, old._deleted) then
    raise exception 'Only the office can change a student''s name, group, enrolment or fees.'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function app.students_guard() from public, anon, authenticated;

create trigger students_guard before update on public.students
  for each row execute function app.students_guard();

-- A change of group or enrolment changes which timetables the family's devices receive: their
-- scope moves on, so they pull again from the start and drop what they may no longer see.
create or replace function app.students_bump_scope() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT'
     or (new.group_id, new.status, new.contact_id, new._deleted)
        is distinct from (old.group_id, old.status, old.contact_id, old._deleted) then
    perform app.bump_scope_of(array(
      select m.id from public.members m
       where m.family_token = new.family_id
          or m.id in (select c.member_id from public.family_contacts c
                       where c.id in (new.contact_id, case when tg_op = 'UPDATE' then old.contact_id end))));
  end if;
  return null;
end;
$$;

revoke execute on function app.students_bump_scope() from public, anon, authenticated;

create trigger students_bump_scope after insert or update on public.students
  for each row execute function app.students_bump_scope();

revoke all on public.families, public.students from anon;

revoke delete, truncate, references, trigger on public.families, public.students from authenticated;

grant select, insert, update on public.families, public.students to authenticated;

grant all on public.families, public.students to service_role;

-- Helpers run once per statement (`(select ...)`), and a row's family is tested as set membership:
-- tests/sql/policy-helpers.test.ts holds every policy to it.
create policy "Office staff and the family's guardians read the family" on public.families
  for select to authenticated
  using ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]));

create policy "Office staff add families" on public.families
  for insert to authenticated
  with check ((select app.is_staff()));

create policy "Office staff and the family's guardians change the family" on public.families
  for update to authenticated
  using ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]))
  with check ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]));

create policy "Office staff, the family's guardians and the student read the student" on public.students
  for select to authenticated
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[])
         or ((select app.role()) = 'student' and contact_id = any ((select app.my_contact_ids())::text[])));

create policy "Office staff enrol students" on public.students
  for insert to authenticated
  with check ((select app.is_staff()));

create policy "Office staff and the family's guardians change the student" on public.students
  for update to authenticated
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]))
  with check ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]));

-- Families read their children's groups' timetables (the parents' and students' home shows the
-- week); the change log stays with staff and facilitators.
create policy "Families read their groups' timetables" on public.timetables
  for select to authenticated
  using (kind in ('group_template', 'week') and group_id = any ((select app.family_group_ids())::text[]));

-- Writes go through sync_push, like every replicated table.
do $$
declare
  t text;
begin
  foreach t in array array['families', 'students'] loop
    execute format('drop trigger if exists writes_go_through_functions on public.%I', t);
    execute format('create trigger writes_go_through_functions before insert or update or delete '
                   'on public.%I for each statement execute function app.writes_go_through_functions()', t);
  end loop;
end;
$$;

create policy "Families read their groups' assignments and resources" on public.lesson_items
  for select to authenticated
  using (kind in ('assignment', 'resource') and group_id = any ((select app.family_group_ids())::text[]));

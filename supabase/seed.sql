-- Demo learning centre: one account per role, and facilitators.
-- GENERATED from supabase/local/demo-accounts.ts (npx tsx supabase/local/demo-accounts.ts --write);
-- edit the list there. Runs on Supabase (supabase db reset) and on the local host's first start.
-- Token columns are '' rather than null because Supabase Auth reads them as strings.

with demo (id, email, password, name, confirmed) as (values
  ('00000000-0000-4000-a000-000000000001'::uuid, 'admin@demo.school', 'demo-admin-1', 'Anita Admin', true),
  ('00000000-0000-4000-a000-000000000002'::uuid, 'administration@demo.school', 'demo-administration-1', 'Savio Pereira', true),
  ('00000000-0000-4000-a000-000000000003'::uuid, 'admission@demo.school', 'demo-admission-1', 'Meera Kamat', true),
  ('00000000-0000-4000-a000-000000000004'::uuid, 'facilitator@demo.school', 'demo-facilitator-1', 'Asha Gaonkar', true),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'facilitator-admin@demo.school', 'demo-facilitator-admin-1', 'Rahul Desai', true),
  ('00000000-0000-4000-a000-000000000006'::uuid, 'guardian@demo.school', 'demo-guardian-1', 'Maria Fernandes', true),
  ('00000000-0000-4000-a000-000000000007'::uuid, 'student@demo.school', 'demo-student-1', 'Tiago Fernandes', true),
  ('00000000-0000-4000-a000-000000000008'::uuid, 'parent-facilitator@demo.school', 'demo-parent-facilitator-1', 'Priya Naik', true),
  ('00000000-0000-4000-a000-000000000009'::uuid, 'member@demo.school', 'demo-member-1', 'Kiran Sawant', true),
  ('00000000-0000-4000-a000-000000000010'::uuid, 'blocked@demo.school', 'demo-blocked-1', 'Blocked Parent', true),
  ('00000000-0000-4000-a000-000000000011'::uuid, 'unverified@demo.school', 'demo-unverified-1', 'Unverified Parent', false)
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
       extensions.crypt(password, extensions.gen_salt('bf', 10)),
       case when confirmed then now() end,
       '', '', '', '', '', '', '', '',
       '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('name', name), false, now(), now()
  from demo
on conflict (id) do nothing;

-- Supabase Auth signs in with e-mail only through an 'email' identity.
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email,
                          'email_verified', u.email_confirmed_at is not null, 'phone_verified', false),
       'email', null, now(), now()
  from auth.users u
 where u.email like '%@demo.school'
on conflict (provider_id, provider) do nothing;

insert into public.facilitators (id, name, email, status, auth_uid) values
  ('f0000000-0000-4000-a000-000000000001', 'Asha Gaonkar', 'facilitator@demo.school', 'active', '00000000-0000-4000-a000-000000000004'::uuid),
  ('f0000000-0000-4000-a000-000000000002', 'Rahul Desai', 'facilitator-admin@demo.school', 'active', '00000000-0000-4000-a000-000000000005'::uuid),
  ('f0000000-0000-4000-a000-000000000003', 'Priya Naik', 'parent-facilitator@demo.school', 'active', '00000000-0000-4000-a000-000000000008'::uuid),
  ('f0000000-0000-4000-a000-000000000004', 'Rohan Dsouza', 'new-facilitator@demo.school', 'authPending', null)
on conflict (id) do nothing;

insert into public.members (id, email, name, role, status, extra, is_profile_admin, family_token, facilitator_id) values
  ('00000000-0000-4000-a000-000000000001'::uuid, 'admin@demo.school', 'Anita Admin', 'admin', 'verified', null, true, null, null),
  ('00000000-0000-4000-a000-000000000002'::uuid, 'administration@demo.school', 'Savio Pereira', 'administration', 'verified', null, false, null, null),
  ('00000000-0000-4000-a000-000000000003'::uuid, 'admission@demo.school', 'Meera Kamat', 'admission', 'verified', null, false, null, null),
  ('00000000-0000-4000-a000-000000000004'::uuid, 'facilitator@demo.school', 'Asha Gaonkar', 'facilitator', 'verified', null, false, null, 'f0000000-0000-4000-a000-000000000001'),
  ('00000000-0000-4000-a000-000000000005'::uuid, 'facilitator-admin@demo.school', 'Rahul Desai', 'facilitator', 'verified', 'admin', false, null, 'f0000000-0000-4000-a000-000000000002'),
  ('00000000-0000-4000-a000-000000000006'::uuid, 'guardian@demo.school', 'Maria Fernandes', 'guardian', 'verified', null, false, 'demo-family-fernandes', null),
  ('00000000-0000-4000-a000-000000000007'::uuid, 'student@demo.school', 'Tiago Fernandes', 'student', 'verified', null, false, 'demo-family-fernandes', null),
  ('00000000-0000-4000-a000-000000000008'::uuid, 'parent-facilitator@demo.school', 'Priya Naik', 'guardian', 'verified', 'pf', false, 'demo-family-naik', 'f0000000-0000-4000-a000-000000000003'),
  ('00000000-0000-4000-a000-000000000009'::uuid, 'member@demo.school', 'Kiran Sawant', 'member', 'verified', null, false, null, null),
  ('00000000-0000-4000-a000-000000000010'::uuid, 'blocked@demo.school', 'Blocked Parent', 'guardian', 'blocked', null, false, 'demo-family-blocked', null),
  ('00000000-0000-4000-a000-000000000011'::uuid, 'unverified@demo.school', 'Unverified Parent', 'member', 'verified', null, false, null, null)
on conflict (id) do nothing;

update public.members set is_facilitator = true where facilitator_id is not null and email like '%@demo.school';

-- Row-level security on the tables of families, students, inquiries, payments, the families' view
-- of timetables and lesson items, and family documents called its helpers once per row
-- (`app.is_guardian_of(family_id)`): a guardian's pull over 5,000 other families took hundreds of
-- milliseconds. Every helper is now called once per statement, `(select app.helper())`, and a row
-- test is set membership. tests/sql/policy-helpers.test.ts refuses any policy that regresses.

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

alter policy "Office staff and the family's guardians read the family" on public.families
  using ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]));

alter policy "Office staff add families" on public.families
  with check ((select app.is_staff()));

alter policy "Office staff and the family's guardians change the family" on public.families
  using ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]))
  with check ((select app.is_staff()) or id = any ((select app.my_family_ids())::text[]));

alter policy "Office staff, the family's guardians and the student read the student" on public.students
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[])
         or ((select app.role()) = 'student' and contact_id = any ((select app.my_contact_ids())::text[])));

alter policy "Office staff enrol students" on public.students
  with check ((select app.is_staff()));

alter policy "Office staff and the family's guardians change the student" on public.students
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]))
  with check ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]));

alter policy "Families read their groups' timetables" on public.timetables
  using (kind in ('group_template', 'week') and group_id = any ((select app.family_group_ids())::text[]));

alter policy "Families read their groups' assignments and resources" on public.lesson_items
  using (kind in ('assignment', 'resource') and group_id = any ((select app.family_group_ids())::text[]));

alter policy "Office staff read inquiries" on public.inquiries
  using ((select app.is_staff()));

alter policy "Office staff add inquiries" on public.inquiries
  with check ((select app.is_staff()));

alter policy "Office staff change inquiries" on public.inquiries
  using ((select app.is_staff())) with check ((select app.is_staff()));

alter policy "Office staff and the family's guardians read the family's payments" on public.payments
  using ((select app.is_staff()) or family_id = any ((select app.my_family_ids())::text[]));

alter policy "Office staff record payments; guardians report their family's" on public.payments
  with check ((select app.is_staff())
              or (family_id = any ((select app.my_family_ids())::text[]) and status = 'reported'));

alter policy "Office staff change payments" on public.payments
  using ((select app.is_staff()))
  with check ((select app.is_staff()));

alter policy "Guardians can read their family's documents" on storage.objects
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

alter policy "Guardians can add their family's documents" on storage.objects
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

alter policy "Guardians can replace their family's documents" on storage.objects
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]))
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

alter policy "Guardians can delete their family's documents" on storage.objects
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

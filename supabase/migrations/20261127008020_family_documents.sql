-- A family's shared folder in the private `documents` bucket: `families/{familyId}/...` holds the
-- family's identity documents, and every guardian of that family reads, adds, replaces and
-- removes them. Guardians of other families, the family's students and other members have no
-- access to it; office staff keep theirs through the existing "Staff can ... documents" policies,
-- and each member's own folder is unchanged.

drop policy if exists "Guardians can read their family's documents" on storage.objects;
create policy "Guardians can read their family's documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (select app.is_guardian_of((storage.foldername(name))[2])));

drop policy if exists "Guardians can add their family's documents" on storage.objects;
create policy "Guardians can add their family's documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (select app.is_guardian_of((storage.foldername(name))[2])));

drop policy if exists "Guardians can replace their family's documents" on storage.objects;
create policy "Guardians can replace their family's documents"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (select app.is_guardian_of((storage.foldername(name))[2])))
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (select app.is_guardian_of((storage.foldername(name))[2])));

drop policy if exists "Guardians can delete their family's documents" on storage.objects;
create policy "Guardians can delete their family's documents"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (select app.is_guardian_of((storage.foldername(name))[2])));

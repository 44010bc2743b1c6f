-- Storage: the private `documents` bucket (family and inquiry documents, each member's own folder,
-- a family's shared folder) and the public `images` bucket, with who may read and change what.

-- Function bodies are checked when they run, not here: a body may name a table of a later file.
set check_function_bodies = off;

-- `documents` holds family and inquiry documents (private). Limits are also in config.toml.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('documents', 'documents', false, 10485760,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Office staff handle every family's and inquiry's documents.
create policy "Staff can read all documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()));

create policy "Staff can add documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (select app.is_staff()));

create policy "Staff can replace documents"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()))
  with check (bucket_id = 'documents' and (select app.is_staff()));

create policy "Staff can delete documents"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select app.is_staff()));

-- A member (not blocked) keeps their own documents in the folder named by their account id.
create policy "Members can read documents in their own folder"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Members can add documents to their own folder"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (select app.role()) is not null
              and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Members can replace documents in their own folder"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'documents' and (select app.role()) is not null
              and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Members can delete documents in their own folder"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select app.role()) is not null
         and (storage.foldername(name))[1] = (select auth.uid())::text);

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('images', 'images', true, 5242880, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- The images bucket is readable (and listable) by anyone; only staff change it.
create policy "Anyone can read the images bucket"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'images');

create policy "Staff can add to the images bucket"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'images' and (select app.is_staff()));

create policy "Staff can replace files in the images bucket"
  on storage.objects for update to authenticated
  using (bucket_id = 'images' and (select app.is_staff()))
  with check (bucket_id = 'images' and (select app.is_staff()));

create policy "Staff can delete from the images bucket"
  on storage.objects for delete to authenticated
  using (bucket_id = 'images' and (select app.is_staff()));

create policy "Guardians can read their family's documents"
  on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

create policy "Guardians can add their family's documents"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

create policy "Guardians can replace their family's documents"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]))
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
              and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

create policy "Guardians can delete their family's documents"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = 'families'
         and (storage.foldername(name))[2] = any ((select app.my_family_ids())::text[]));

-- The bucket of images shown on public pages is `images`, no longer `public` (issue 19): Storage
-- serves public objects at /object/public/<bucket>/<name>, so a bucket named `public` makes
-- /object/public/... ambiguous with the download route of a bucket called `public`, and
-- storage-js's download() of it can reach the wrong route. Same limits, same policies.

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

-- Objects move with their bucket where the files follow the rows: on the local host, whose
-- storage moves the folder `public` to `images` when it starts. On Supabase the bytes live in
-- Storage's object store, which a migration cannot reach: there a `public` bucket that still
-- holds files is left as it was (a warning says how to copy them), and an empty one goes.
do $$
declare
  local_host boolean := to_regclass('supabase_migrations.local_bootstrap') is not null;
  remaining integer;
begin
  if local_host then
    update storage.objects set bucket_id = 'images' where bucket_id = 'public';
  end if;
  select count(*) into remaining from storage.objects where bucket_id = 'public';
  if remaining > 0 then
    raise warning 'The bucket "public" still holds % files: download them (supabase storage cp -r ss:///public ./public --experimental), upload them to "images" (supabase storage cp -r ./public ss:///images --experimental), then delete the bucket', remaining;
  else
    drop policy if exists "Anyone can read the public bucket" on storage.objects;
    drop policy if exists "Staff can add to the public bucket" on storage.objects;
    drop policy if exists "Staff can replace files in the public bucket" on storage.objects;
    drop policy if exists "Staff can delete from the public bucket" on storage.objects;
    -- Supabase's storage refuses SQL deletes from its tables (orphaned bytes) unless the
    -- transaction opts in; the bucket is empty here, so nothing can be orphaned.
    perform set_config('storage.allow_delete_query', 'true', true);
    delete from storage.buckets where id = 'public';
    perform set_config('storage.allow_delete_query', 'false', true);
  end if;
end;
$$;

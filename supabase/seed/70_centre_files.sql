-- The centre's own files: the curriculum attached to every trial e-mail (H30). The row is the
-- object's record; the local host puts its bytes (supabase/seed/files/documents/centre/) in place
-- when it starts. A centre replaces it from the trial dialog.
insert into storage.objects (bucket_id, name, metadata)
values ('documents', 'centre/curriculum.pdf',
        '{"size": 2483, "mimetype": "application/pdf", "cacheControl": "no-cache", "contentLength": 2483, "httpStatusCode": 200}')
on conflict (bucket_id, name) do nothing;

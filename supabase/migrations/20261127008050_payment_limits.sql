-- The lengths a payment's texts may have, kept by the server as the forms keep them: a guardian
-- (or anyone) writing through sync_push directly cannot store a name of 200 KB that every office
-- device would receive and every receipt would print.
alter table public.payments drop constraint if exists payments_texts_fit;
alter table public.payments add constraint payments_texts_fit check (
  length(coalesce(data ->> 'receivedFrom', '')) <= 200
  and length(coalesce(data ->> 'reference', '')) <= 100
  and length(coalesce(data ->> 'note', '')) <= 500
  and length(coalesce(data ->> 'studentName', '')) <= 200
  and length(coalesce(data ->> 'familyName', '')) <= 200
  and length(coalesce(data -> 'email' ->> 'subject', '')) <= 300
  and length(coalesce(data -> 'email' ->> 'html', '')) <= 20000
  and pg_column_size(data) <= 65536
);
comment on constraint payments_texts_fit on public.payments is
  'A payment''s texts are too long: a name has at most 200 characters, a reference 100, a note 500.';

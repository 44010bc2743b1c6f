-- An admin deleting the member behind a sender account that always sends (O09) set its
-- `member_id` to null and broke `mail_senders_always_sends_has_member`, so the member could not
-- be deleted at all. A marked account without a member forces nobody; the mark stays for the
-- member the centre maps to it next.
alter table public.mail_senders drop constraint if exists mail_senders_always_sends_has_member;

-- The demo centre's sender accounts (O04-O08): two people, the admissions office (copied on every
-- webmail), the team and accounts. The admin sends as herself, administration as the second
-- person, admission as the admissions office; everyone else starts with Team. The second person
-- and the admissions office always send e-mail (O09, O10): their sending cannot be turned off.
insert into public.mail_senders (key, display_name, address, member_id, position, is_admissions_office, always_sends) values
  ('anita', 'Anita Admin', 'anita@demo.school', '00000000-0000-4000-a000-000000000001', 1, false, false),
  ('savio', 'Savio Pereira', 'savio@demo.school', '00000000-0000-4000-a000-000000000002', 2, false, true),
  ('admissions', 'Admissions', 'admissions@demo.school', '00000000-0000-4000-a000-000000000003', 3, true, true),
  ('team', 'Team', 'team@demo.school', null, 4, false, false),
  ('accounts', 'Accounts', 'accounts@demo.school', null, 5, false, false)
on conflict (key) do nothing;

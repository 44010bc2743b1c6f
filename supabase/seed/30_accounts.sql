-- Demo family contacts for connect-account: the WhatsApp numbers the centre holds for each
-- guardian and student. Maria, Tiago and Priya already have accounts (connected); João, Inês
-- and Daniel have none yet and can connect at /connect-account with their number.

insert into public.family_contacts (id, family_token, member_type, name, email, prefix, whatsapp, member_id, connected_at) values
  ('fc-fernandes-maria', 'demo-family-fernandes', 'guardian', 'Maria Fernandes', 'guardian@demo.school', '+91', '919000000001', '00000000-0000-4000-a000-000000000006', now()),
  ('fc-fernandes-tiago', 'demo-family-fernandes', 'student', 'Tiago Fernandes', 'student@demo.school', '+91', '919000000002', '00000000-0000-4000-a000-000000000007', now()),
  ('fc-fernandes-joao', 'demo-family-fernandes', 'guardian', 'João Fernandes', 'joao.fernandes@demo.school', '+91', '919000000003', null, null),
  ('fc-fernandes-ines', 'demo-family-fernandes', 'student', 'Inês Fernandes', 'ines.fernandes@demo.school', '+91', '919000000004', null, null),
  ('fc-naik-priya', 'demo-family-naik', 'guardian', 'Priya Naik', 'parent-facilitator@demo.school', '+91', '919000000005', '00000000-0000-4000-a000-000000000008', now()),
  ('fc-naik-daniel', 'demo-family-naik', 'guardian', 'Daniel Naik', 'daniel.naik@demo.school', '+44', '447700900123', null, null)
on conflict (id) do nothing;

update public.members m set whatsapp = c.whatsapp
  from public.family_contacts c
 where c.member_id = m.id and m.whatsapp is null and c.id like 'fc-%';

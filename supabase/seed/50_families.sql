-- Demo families and students. The Fernandes family is the demo guardian's (Maria): Tiago (the
-- demo student's account) in Jaul and Inês in Tanni; their profile is complete, and João's
-- passport expires in six weeks. The Naik family (Priya, the parent facilitator, and Daniel, a
-- British national with one proof only) has Ira in Jaul and an incomplete profile. Each other
-- student of the demo groups has a family of their own.

insert into public.families (id, status, name, data) values
  ('demo-family-fernandes', 'enrolled', 'Fernandes', jsonb_build_object(
    'guardians', jsonb_build_array(
      jsonb_build_object(
        'parentUUID', 'g-fernandes-maria', 'contactId', 'fc-fernandes-maria',
        'firstName', 'Maria', 'lastName', 'Fernandes', 'email', 'guardian@demo.school',
        'prefix', '+91', 'mobile', '9000000001', 'dob', '1986-03-14', 'gender', 'Female',
        'nationality', 'Indian', 'maritalStatus', 'Married', 'occupation', 'Architect',
        'address', 'House 12, Saligao, Goa',
        'identityProof', jsonb_build_array(jsonb_build_object(
          'fileName', 'maria-aadhaar.pdf', 'fileURL', 'demo-family-fernandes/maria-aadhaar.pdf',
          'identityProofType', 'ID Proof', 'identityProofSelection', 'Aadhaar Card',
          'hasExpiryDate', false, 'personName', 'Maria Fernandes'))),
      jsonb_build_object(
        'parentUUID', 'g-fernandes-joao', 'contactId', 'fc-fernandes-joao',
        'firstName', 'João', 'lastName', 'Fernandes', 'email', 'joao.fernandes@demo.school',
        'prefix', '+91', 'mobile', '9000000003', 'dob', '1984-09-02', 'gender', 'Male',
        'nationality', 'Indian', 'maritalStatus', 'Married', 'occupation', 'Boat builder',
        'address', 'House 12, Saligao, Goa',
        'identityProof', jsonb_build_array(jsonb_build_object(
          'fileName', 'joao-passport.pdf', 'fileURL', 'demo-family-fernandes/joao-passport.pdf',
          'identityProofType', 'ID Proof', 'identityProofSelection', 'Passport',
          'hasExpiryDate', true, 'expiryDate', to_char((now() at time zone 'Asia/Kolkata')::date + 42, 'YYYY-MM-DD'),
          'personName', 'João Fernandes')))),
    'maritalStatus', 'Married',
    'forms', jsonb_build_array(jsonb_build_object(
      'fileName', 'admission-form.pdf', 'fileURL', 'demo-family-fernandes/admission-form.pdf')),
    'emergencyInfos', jsonb_build_array(
      jsonb_build_object('type', 'Doctor''s Details', 'name', 'Dr. Nisha Kamat', 'relation', 'Family doctor',
                         'mobilePhone', '+91 9822000001', 'address', 'Mapusa Clinic'),
      jsonb_build_object('type', 'First Contact Person', 'name', 'Rosa Fernandes', 'relation', 'Grandmother',
                         'mobilePhone', '+91 9822000002')),
    'legalGuardianDocuments', '[]'::jsonb,
    'profileVersion', 1,
    'profileCompletedAt', '2026-06-10T09:00:00Z')),
  ('demo-family-naik', 'enrolled', 'Naik', jsonb_build_object(
    'guardians', jsonb_build_array(
      jsonb_build_object(
        'parentUUID', 'g-naik-priya', 'contactId', 'fc-naik-priya',
        'firstName', 'Priya', 'lastName', 'Naik', 'email', 'parent-facilitator@demo.school',
        'prefix', '+91', 'mobile', '9000000005', 'gender', 'Female', 'nationality', 'Indian',
        'maritalStatus', 'Married', 'identityProof', '[]'::jsonb),
      jsonb_build_object(
        'parentUUID', 'g-naik-daniel', 'contactId', 'fc-naik-daniel',
        'firstName', 'Daniel', 'lastName', 'Naik', 'email', 'daniel.naik@demo.school',
        'prefix', '+44', 'mobile', '7700900123', 'gender', 'Male', 'nationality', 'British',
        'maritalStatus', 'Married',
        'identityProof', jsonb_build_array(jsonb_build_object(
          'fileName', 'daniel-passport.pdf', 'fileURL', 'demo-family-naik/daniel-passport.pdf',
          'identityProofType', 'ID Proof', 'identityProofSelection', 'Passport',
          'hasExpiryDate', true, 'expiryDate', '2031-02-01', 'personName', 'Daniel Naik')))),
    'maritalStatus', 'Married',
    'forms', '[]'::jsonb,
    'emergencyInfos', '[]'::jsonb,
    'legalGuardianDocuments', '[]'::jsonb,
    'profileVersion', 0))
on conflict (id) do nothing;

insert into public.students (id, family_id, contact_id, group_id, status, name, fee_tariff_id, enrolment, data) values
  ('st-tiago', 'demo-family-fernandes', 'fc-fernandes-tiago', 'rg-jaul', 'active', 'Tiago Fernandes', 'rf-16700',
   '{"trial": false, "admissionFee": 5000, "depositFee": 10000, "enrolledAt": "2025-06-02"}',
   '{"firstName": "Tiago", "lastName": "Fernandes", "dob": "2016-07-21", "gender": "Male", "nationality": "Indian",
     "medicalInfo": {"fAllergies": "No", "allergies": "", "fVacinations": "Yes", "vacinations": "All up to date", "bloodGroup": "O+"},
     "identityProof": [{"fileName": "tiago-birth-certificate.pdf", "fileURL": "demo-family-fernandes/tiago-birth-certificate.pdf",
                        "identityProofType": "ID Proof", "identityProofSelection": "Birth Certificate", "hasExpiryDate": false,
                        "personName": "Tiago Fernandes"}]}'),
  ('st-ines', 'demo-family-fernandes', 'fc-fernandes-ines', 'rg-tanni', 'active', 'Inês Fernandes', 'rf-14500',
   '{"trial": false, "admissionFee": 5000, "depositFee": 10000, "enrolledAt": "2026-06-01"}',
   '{"firstName": "Inês", "lastName": "Fernandes", "dob": "2019-02-11", "gender": "Female", "nationality": "Indian",
     "medicalInfo": {"fAllergies": "Yes", "allergies": "Peanuts", "fVacinations": "Yes", "vacinations": "All up to date", "bloodGroup": "A+"},
     "identityProof": [{"fileName": "ines-birth-certificate.pdf", "fileURL": "demo-family-fernandes/ines-birth-certificate.pdf",
                        "identityProofType": "ID Proof", "identityProofSelection": "Birth Certificate", "hasExpiryDate": false,
                        "personName": "Inês Fernandes"}]}'),
  ('st-ira', 'demo-family-naik', null, 'rg-jaul', 'active', 'Ira Naik', 'rf-16700',
   '{"trial": false, "admissionFee": 5000, "depositFee": 10000, "enrolledAt": "2025-06-02"}',
   '{"firstName": "Ira", "lastName": "Naik", "dob": "2016-11-30", "gender": "Female", "nationality": "Indian", "identityProof": []}')
on conflict (id) do nothing;

-- Every other student of the demo groups, each with a family of their own and one guardian, as
-- every family record has (the office tells two families of one name apart by them). The Shetty
-- family gave the office a phone number only: a family the office cannot e-mail.
insert into public.families (id, status, name, data)
select 'demo-family-' || lower(s.last_name), 'enrolled', s.last_name,
       jsonb_build_object(
         'guardians', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
           'parentUUID', 'g-' || lower(s.last_name) || '-' || lower(s.first_name),
           'firstName', s.first_name, 'lastName', s.last_name, 'email', s.email,
           'prefix', '+91', 'mobile', s.mobile, 'identityProof', '[]'::jsonb))),
         'forms', '[]'::jsonb, 'profileVersion', 0)
  from (values
    ('Shetty', 'Kavita', null, '9822100001'),
    ('Dsouza', 'Clara', 'clara.dsouza@demo.school', '9822100002'),
    ('Kamat', 'Rekha', 'rekha.kamat@demo.school', '9822100003'),
    ('Pai', 'Sunil', 'sunil.pai@demo.school', '9822100004'),
    ('Gomes', 'Anthony', 'anthony.gomes@demo.school', '9822100005'),
    ('Colaco', 'Fatima', 'fatima.colaco@demo.school', '9822100006'),
    ('Borkar', 'Vinod', 'vinod.borkar@demo.school', '9822100007'),
    ('Prabhu', 'Shalini', 'shalini.prabhu@demo.school', '9822100008')
  ) as s(last_name, first_name, email, mobile)
on conflict (id) do nothing;

insert into public.students (id, family_id, group_id, status, name, fee_tariff_id, enrolment, data)
select s.id, 'demo-family-' || lower(s.last_name), s.group_id, 'active', s.first_name || ' ' || s.last_name,
       g.data ->> 'feeTariffId',
       '{"trial": false, "admissionFee": 5000, "depositFee": 10000, "enrolledAt": "2026-06-01"}'::jsonb,
       jsonb_build_object('firstName', s.first_name, 'lastName', s.last_name, 'dob', s.dob,
                          'gender', s.gender, 'nationality', 'Indian', 'identityProof', '[]'::jsonb)
  from (values
    ('st-kabir', 'Kabir', 'Shetty', 'rg-jaul', '2016-05-04', 'Male'),
    ('st-anya', 'Anya', 'Dsouza', 'rg-tanni', '2018-09-19', 'Female'),
    ('st-vivaan', 'Vivaan', 'Kamat', 'rg-tanni', '2018-01-08', 'Male'),
    ('st-meera', 'Meera', 'Pai', 'rg-paani', '2014-12-02', 'Female'),
    ('st-rohan', 'Rohan', 'Gomes', 'rg-paani', '2014-03-27', 'Male'),
    ('st-sara', 'Sara', 'Colaco', 'rg-vaaro', '2012-08-15', 'Female'),
    ('st-arjun', 'Arjun', 'Borkar', 'rg-rukh', '2011-04-10', 'Male'),
    ('st-leela', 'Leela', 'Prabhu', 'rg-dongor', '2009-10-23', 'Female')
  ) as s(id, first_name, last_name, group_id, dob, gender)
  join public.reference g on g.id = s.group_id
on conflict (id) do nothing;

-- Inês joins Tanni's list of students.
update public.reference
   set data = jsonb_set(data, '{students}', coalesce(data -> 'students', '[]'::jsonb)
                        || '[{"id": "st-ines", "name": "Inês Fernandes"}]'::jsonb)
 where id = 'rg-tanni'
   and not coalesce(data -> 'students', '[]'::jsonb) @> '[{"id": "st-ines"}]'::jsonb;

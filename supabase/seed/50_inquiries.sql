-- Demo inquiries: families at each step of the pre-admission pipeline, and a facilitator's
-- application, so the office's Pre-Admission pane has something in every tab.
insert into public.inquiries (id, kind, status, family_name, submitted, potential, data) values
  ('inq-demo-dsouza', 'family', 'initialInquiry', 'D''Souza', now() - interval '2 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Ria", "lastName": "D'Souza", "dob": "2018-03-14", "gender": "Female", "nationality": "Indian",
                  "previousSchools": [{"school": "Little Feet Panjim", "grade": "UKG", "years": "2"}]}],
    "guardians": [
      {"firstName": "Anita", "lastName": "D'Souza", "email": "anita.dsouza@demo.school", "prefix": "+91", "mobile": "9822000101",
       "gender": "Female", "nationality": "Indian", "occupation": "Architect"},
      {"firstName": "Rohan", "lastName": "D'Souza", "email": "rohan.dsouza@demo.school", "prefix": "+91", "mobile": "9822000102",
       "gender": "Male", "nationality": "Indian", "occupation": "Chef"}]
  }$$::jsonb),
  ('inq-demo-mehta', 'family', 'initialInquiry', 'Mehta', now() - interval '1 day', true, $${
    "maritalStatus": "Divorced", "soleGuardian": true,
    "children": [{"firstName": "Kabir", "lastName": "Mehta", "dob": "2016-07-02", "gender": "Male", "nationality": "Indian"}],
    "guardians": [{"firstName": "Priya", "lastName": "Mehta", "email": "priya.mehta@demo.school", "prefix": "+91", "mobile": "9822000201",
                   "gender": "Female", "nationality": "Indian"}]
  }$$::jsonb),
  ('inq-demo-keller', 'family', 'meeting', 'Keller', now() - interval '9 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Lena", "lastName": "Keller", "dob": "2017-11-20", "gender": "Female", "nationality": "German"}],
    "guardians": [{"firstName": "Jonas", "lastName": "Keller", "email": "jonas.keller@demo.school", "prefix": "+49", "mobile": "15112345678",
                   "gender": "Male", "nationality": "German"}],
    "meetingDate": "2026-12-03", "meetingStart": "10:00", "meetingEnd": "10:45"
  }$$::jsonb),
  ('inq-demo-naik', 'family', 'meeting', 'Naik', now() - interval '6 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Aarav", "lastName": "Naik", "dob": "2019-01-09", "gender": "Male", "nationality": "Indian"}],
    "guardians": [{"firstName": "Sneha", "lastName": "Naik", "email": "sneha.naik@demo.school", "prefix": "+91", "mobile": "9822000401",
                   "gender": "Female", "nationality": "Indian"}]
  }$$::jsonb),
  ('inq-demo-fernandes', 'family', 'trial', 'Fernandes', now() - interval '20 days', true, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Maya", "lastName": "Fernandes", "dob": "2015-05-30", "gender": "Female", "nationality": "Indian",
                  "trialStart": "2026-11-30", "trialEnd": "2026-12-04", "trialGroupUUID": "rg-jaul", "trialGroupName": "Jaul"}],
    "guardians": [{"firstName": "Clara", "lastName": "Fernandes", "email": "clara.fernandes@demo.school", "prefix": "+91", "mobile": "9822000501",
                   "gender": "Female", "nationality": "Indian"}],
    "trialNote": {"text": "Maya is shy at first; she loves drawing and animals.", "edited": "2026-11-20T09:00:00Z", "editedBy": "admission@demo.school"}
  }$$::jsonb),
  ('inq-demo-gomes', 'family', 'trial', 'Gomes', now() - interval '12 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Rafael", "lastName": "Gomes", "dob": "2018-09-21", "gender": "Male", "nationality": "Indian",
                  "trialStart": "2026-12-07", "trialEnd": "2026-12-11", "trialGroupUUID": "rg-paani", "trialGroupName": "Paani"}],
    "guardians": [{"firstName": "Lina", "lastName": "Gomes", "email": "lina.gomes@demo.school", "prefix": "+91", "mobile": "9822001001",
                   "gender": "Female", "nationality": "Indian"}],
    "trialNote": {"text": "Speaks Konkani and English at home.", "edited": "2026-11-18T11:30:00Z", "editedBy": "admission@demo.school"}
  }$$::jsonb),
  ('inq-demo-kulkarni', 'family', 'trial', 'Kulkarni', now() - interval '4 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Zoya", "lastName": "Kulkarni", "dob": "2017-04-03", "gender": "Female", "nationality": "Indian",
                  "trialStart": "2026-12-01", "trialEnd": "2026-12-03", "trialGroupUUID": "rg-tanni", "trialGroupName": "Tanni"}],
    "guardians": [{"firstName": "Arjun", "lastName": "Kulkarni", "email": "arjun.kulkarni@demo.school", "prefix": "+91", "mobile": "9822001101",
                   "gender": "Male", "nationality": "Indian"}]
  }$$::jsonb),
  ('inq-demo-rao', 'family', 'onHold', 'Rao', now() - interval '30 days', false, $${
    "maritalStatus": "Widowed", "soleGuardian": true,
    "children": [{"firstName": "Isha", "lastName": "Rao", "dob": "2014-08-12", "gender": "Female", "nationality": "Indian"}],
    "guardians": [{"firstName": "Vikram", "lastName": "Rao", "email": "vikram.rao@demo.school", "prefix": "+91", "mobile": "9822000601",
                   "gender": "Male", "nationality": "Indian"}],
    "nextSteps": {"text": "Family moves to Goa in June; call again in April.", "edited": "2026-11-01T10:00:00Z", "editedBy": "office@demo.school"}
  }$$::jsonb),
  ('inq-demo-costa', 'family', 'notProceeding', 'Costa', now() - interval '40 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Leo", "lastName": "Costa", "dob": "2017-02-17", "gender": "Male", "nationality": "Portuguese"}],
    "guardians": [{"firstName": "Marta", "lastName": "Costa", "email": "marta.costa@demo.school", "prefix": "+351", "mobile": "912345678",
                   "gender": "Female", "nationality": "Portuguese"}]
  }$$::jsonb),
  ('inq-demo-pereira', 'family', 'admission', 'Pereira', now() - interval '50 days', false, $${
    "maritalStatus": "Married",
    "children": [{"firstName": "Noah", "lastName": "Pereira", "dob": "2016-10-05", "gender": "Male", "nationality": "Indian"}],
    "guardians": [{"firstName": "Elsa", "lastName": "Pereira", "email": "elsa.pereira@demo.school", "prefix": "+91", "mobile": "9822000801",
                   "gender": "Female", "nationality": "Indian"}]
  }$$::jsonb),
  ('inq-demo-facilitator', 'facilitator', 'initialInquiry', 'Shah', now() - interval '3 days', false, $${
    "applicant": {"firstName": "Neha", "lastName": "Shah", "email": "neha.shah@demo.school", "mobile": "9822000901", "prefix": "+91",
                  "gender": "Female", "nationality": "Indian", "yearsOfExperience": 6, "facilitatingSubjects": "Science, nature walks",
                  "statementOfInterest": "I have taught in a Montessori school for six years and want to work with mixed-age groups.",
                  "references": [{"name": "Asha Kulkarni", "email": "asha.k@demo.school", "relationship": "Former head of school"},
                                 {"name": "Tom Varghese", "email": "tom.v@demo.school", "relationship": "Colleague"}]}
  }$$::jsonb)
on conflict (id) do nothing;

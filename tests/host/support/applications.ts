// Applications as the three public forms send them, for the tests that call `applications`.
export const guardian = (over: Record<string, unknown> = {}) => ({
  firstName: 'Sofia',
  lastName: 'Almeida',
  dob: '1988-04-02',
  gender: 'Female',
  nationality: 'Indian',
  mobile: '98220 12345',
  email: 'Sofia.Almeida@Example.com',
  questions: { g1: 'From a friend', g10: 'For good' },
  ...over,
})
export const child = {
  firstName: 'Tara',
  lastName: 'Almeida',
  dob: '2018-06-15',
  gender: 'Female',
  nationality: 'Indian',
  previousSchools: [{ school: 'Sunshine Playschool', grade: 'UKG', years: '2' }],
}
export const student = (id: string, over: Record<string, unknown> = {}) => ({
  kind: 'student',
  application: {
    id,
    maritalStatus: 'Divorced',
    soleGuardian: true,
    children: [child],
    guardians: [guardian()],
    ...over,
  },
})
export const facilitator = (id: string) => ({
  kind: 'facilitator',
  application: {
    id,
    firstName: 'Arjun',
    lastName: 'Menon',
    dob: '1990-01-20',
    email: 'arjun.menon@example.com',
    prefix: '+91',
    mobile: '9822055555',
    gender: 'Male',
    nationality: 'Indian',
    workplace: 'Goa Science Centre',
    yearsOfExperience: 7,
    facilitatingSubjects: 'Science, maths',
    statementOfInterest: 'I want to teach through projects.',
    references: [
      { name: 'Ruth Dias', email: 'ruth@example.com', relationship: 'Former principal' },
      { name: 'Sam Kerkar', email: 'sam@example.com', relationship: 'Colleague' },
    ],
    questions: { f1: 'Children choosing what to learn.' },
  },
})

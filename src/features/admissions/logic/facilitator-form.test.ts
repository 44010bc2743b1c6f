import { describe, expect, it } from 'vitest'
import {
  FACILITATOR_DRAFT_KEY,
  PREFIX_OPTIONS,
  emptyFacilitatorForm,
  facilitatorApplicationOf,
  facilitatorFormProblems,
  newApplicationId,
  readFacilitatorDraft,
  type FacilitatorFormValues,
} from './facilitator-form'

const filled = (): FacilitatorFormValues => ({
  ...emptyFacilitatorForm('app-12345678'),
  firstName: 'Anita',
  lastName: 'Pereira',
  dob: '1990-04-12',
  email: 'Anita@Example.com',
  mobile: '98220 12345',
  gender: 'Female',
  yearsOfExperience: '7',
  facilitatingSubjects: 'Mathematics',
  statementOfInterest: 'I like mixed-age groups.',
  references: [
    { name: 'Maria', email: 'maria@example.com', relationship: 'Head teacher' },
    { name: 'Joel', email: 'joel@example.com', relationship: 'Colleague' },
  ],
  questions: { ...emptyFacilitatorForm('x').questions, f7: 'Yes' },
})

const storage = (value: string | null) => ({
  getItem: (k: string) => (k === FACILITATOR_DRAFT_KEY ? value : null),
})

describe('the facilitator application form', () => {
  it('finds nothing wrong with a filled form and sends numbers and answers given', () => {
    expect(facilitatorFormProblems(filled())).toEqual({})
    const application = facilitatorApplicationOf(filled())
    expect(application).toMatchObject({
      id: 'app-12345678',
      email: 'anita@example.com',
      mobile: '9822012345',
      prefix: '+91',
      nationality: 'Indian',
      yearsOfExperience: 7,
      questions: { f7: 'Yes' },
    })
    expect(Object.keys(application.questions)).toEqual(expect.arrayContaining(['f1', 'f7']))
  })

  it.each<[string, Partial<FacilitatorFormValues>, string, string]>([
    ['an empty first name', { firstName: ' ' }, 'firstName', 'First name is missing.'],
    [
      'no years of experience',
      { yearsOfExperience: '' },
      'yearsOfExperience',
      'Years of experience must be a number.',
    ],
    [
      'a fraction of a year',
      { yearsOfExperience: '2.5' },
      'yearsOfExperience',
      'Years of experience must be a whole number.',
    ],
    [
      'a birthday in the future',
      { dob: '2999-01-01' },
      'dob',
      'Date of birth: please enter a date in the past.',
    ],
    ['no gender chosen', { gender: '' }, 'gender', 'Please choose a gender.'],
    ['a short mobile', { mobile: '123' }, 'mobile', 'An Indian mobile number has 10 digits.'],
  ])('names the field with %s', (_name, change, field, message) => {
    expect(facilitatorFormProblems({ ...filled(), ...change })[field]).toBe(message)
  })

  it("names a reference's field by its place", () => {
    const values = filled()
    values.references[1] = { ...values.references[1], email: 'not an address' }
    expect(facilitatorFormProblems(values)).toEqual({
      'references.1.email': 'Please enter a valid e-mail address.',
    })
  })

  it('starts a new application with its own id, India preselected', () => {
    const form = readFacilitatorDraft(storage(null), () => 'fresh-id-0001')
    expect(form).toEqual(emptyFacilitatorForm('fresh-id-0001'))
    expect(form.prefix).toBe('+91')
    expect(newApplicationId(() => '0b5c-41d9')).toBe('0b5c-41d9')
  })

  it('restores a draft, filling what it lacks and keeping its id', () => {
    const draft = {
      id: 'draft-id-0001',
      lastName: 'Pereira',
      references: [{ name: 'Maria' }],
      questions: { f1: 'Play' },
    }
    const form = readFacilitatorDraft(storage(JSON.stringify(draft)), () => 'fresh-id-0001')
    expect(form).toMatchObject({
      id: 'draft-id-0001',
      lastName: 'Pereira',
      firstName: '',
      prefix: '+91',
    })
    expect(form.references).toEqual([
      { name: 'Maria', email: '', relationship: '' },
      { name: '', email: '', relationship: '' },
    ])
    expect(form.questions).toMatchObject({ f1: 'Play', f9: '' })
  })

  it('ignores a damaged draft or one with a bad id', () => {
    expect(readFacilitatorDraft(storage('{oops'), () => 'fresh-id-0001').id).toBe('fresh-id-0001')
    const bad = readFacilitatorDraft(
      storage(JSON.stringify({ id: 'x', firstName: 7 })),
      () => 'fresh-id-0001',
    )
    expect(bad).toMatchObject({ id: 'fresh-id-0001', firstName: '' })
  })

  it('offers each country code once', () => {
    const prefixes = PREFIX_OPTIONS.map((o) => o.value)
    expect(new Set(prefixes).size).toBe(prefixes.length)
    expect(PREFIX_OPTIONS[0]).toEqual({ value: '+91', label: '+91 (India)' })
  })
})

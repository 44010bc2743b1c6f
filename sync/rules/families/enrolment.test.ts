import { describe, expect, it } from 'vitest'
import { students } from '../../contract/collections/students.ts'
import { checkRow } from '../../contract/schema.ts'
import {
  canArchive,
  emptyEnrolForm,
  enrolFormSchema,
  enrolledStudent,
  ENROLMENT_MESSAGES,
  familyStatusAfter,
  terminatedStudent,
  terminationSchema,
  type EnrolFormValues,
} from './enrolment.ts'

const valid: EnrolFormValues = {
  firstName: ' Aarav ',
  lastName: 'Naik',
  dob: '2018-02-14',
  nationality: 'Indian',
  gender: 'Male',
  groupId: 'rg-jaul',
  trial: false,
  admissionFee: 25000,
  depositFee: 10000,
  feeTariffId: 'rf-16700',
  startDate: '2027-01-04',
}

const problems = (values: unknown) => {
  const result = enrolFormSchema.safeParse(values)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the enrol student dialog', () => {
  it('starts with the nationality Indian, no group, and the usual deposit (I17, J26)', () => {
    expect(emptyEnrolForm('Naik')).toEqual({
      firstName: '',
      lastName: 'Naik',
      dob: '',
      nationality: 'Indian',
      gender: '',
      groupId: '',
      trial: false,
      admissionFee: 0,
      depositFee: 45000,
      feeTariffId: '',
      startDate: '',
    })
  })

  it('says in words what an empty form is missing', () => {
    expect(problems(emptyEnrolForm())).toEqual({
      firstName: 'Enter the first name',
      lastName: 'Enter the last name',
      dob: 'Enter the date of birth',
      gender: 'Choose a gender',
      groupId: 'Choose a group',
      feeTariffId: 'Choose a fee tariff',
      startDate: 'Choose the first day at the centre',
    })
  })

  it.each(['2027-02-30', '04/01/2027', ''])(
    'refuses the first day %j: fees run from it (issue 40)',
    (startDate) => {
      expect(problems({ ...valid, startDate })).toEqual({
        startDate: 'Choose the first day at the centre',
      })
    },
  )

  it.each([
    ['2018-02-30', 'Enter the date of birth'],
    ['2018-13-01', 'Enter the date of birth'],
    ['14/02/2018', 'Enter the date of birth'],
    ['2999-01-01', 'The date of birth cannot be in the future'],
  ])('refuses the date of birth %s', (dob, message) => {
    expect(problems({ ...valid, dob })).toEqual({ dob: message })
  })

  it.each([
    [{ admissionFee: -1 }, { admissionFee: 'A fee cannot be negative' }],
    [{ depositFee: '' }, { depositFee: 'Enter the deposit (0 if there is none)' }],
    [{ admissionFee: 20_000_000 }, { admissionFee: 'This fee is too large' }],
    [{ gender: 'Unknown' }, { gender: 'Choose a gender' }],
  ])('refuses %j', (change, expected) => {
    expect(problems({ ...valid, ...change })).toEqual(expected)
  })

  it('accepts a complete form', () => {
    expect(problems(valid)).toEqual({})
  })
})

describe('enrolling a child', () => {
  const now = new Date('2026-11-27T10:00:00Z')

  it('writes an active student of the group, with the fees the office chose (I18)', () => {
    const row = enrolledStudent(enrolFormSchema.parse(valid), 'fam-1', 'st-1', now)
    expect(row).toEqual({
      id: 'st-1',
      family_id: 'fam-1',
      contact_id: null,
      group_id: 'rg-jaul',
      status: 'active',
      name: 'Aarav Naik',
      fee_tariff_id: 'rf-16700',
      enrolment: {
        trial: false,
        admissionFee: 25000,
        depositFee: 10000,
        enrolledAt: '2026-11-27T10:00:00.000Z',
        startDate: '2027-01-04',
      },
      data: {
        firstName: 'Aarav',
        lastName: 'Naik',
        dob: '2018-02-14',
        gender: 'Male',
        nationality: 'Indian',
      },
    })
    // The record is one the students collection accepts as it is.
    expect(checkRow(students, row).ok).toBe(true)
  })

  it('marks a trial enrolment as a trial', () => {
    const row = enrolledStudent({ ...valid, trial: true }, 'fam-1', 'st-2', now)
    expect(row.status).toBe('trial')
    expect(row.enrolment.trial).toBe(true)
  })
})

describe('ending an enrolment', () => {
  it('needs notes, in words', () => {
    expect(terminationSchema.safeParse({ notes: '  ' }).error?.issues[0]?.message).toBe(
      'Write why the enrolment ends',
    )
    expect(terminationSchema.safeParse({ notes: 'x'.repeat(2001) }).success).toBe(false)
  })

  it('keeps the record and its group, and notes when and why it ended (I19)', () => {
    const row = enrolledStudent(valid, 'fam-1', 'st-1', new Date('2026-06-01T00:00:00Z'))
    const ended = terminatedStudent(row, ' Moving to Pune ', new Date('2026-11-27T10:00:00Z'))
    expect(ended).toMatchObject({
      id: 'st-1',
      group_id: 'rg-jaul',
      status: 'terminated',
      enrolment: {
        admissionFee: 25000,
        enrolledAt: '2026-06-01T00:00:00.000Z',
        terminatedAt: '2026-11-27T10:00:00.000Z',
        terminationNotes: 'Moving to Pune',
      },
    })
    expect(ENROLMENT_MESSAGES.terminated).toBe('Success! Students enrollment terminated')
  })
})

describe("a family's status", () => {
  it.each([
    ['admission', ['active'], 'enrolled'],
    ['admission', [], 'admission'],
    ['notEnrolled', ['trial'], 'enrolled'],
    ['enrolled', ['terminated', 'active'], 'enrolled'],
    ['enrolled', ['terminated'], 'notEnrolled'],
    ['enrolled', [], 'notEnrolled'],
    ['archived', ['terminated'], 'archived'],
  ] as const)('%s with children %j becomes %s', (current, statuses, expected) => {
    expect(familyStatusAfter(current, statuses)).toBe(expected)
  })

  it('is archived only once no child is enrolled (I16)', () => {
    expect(canArchive([])).toBe(true)
    expect(canArchive(['terminated', 'terminated'])).toBe(true)
    expect(canArchive(['terminated', 'trial'])).toBe(false)
    expect(canArchive(['active'])).toBe(false)
  })
})

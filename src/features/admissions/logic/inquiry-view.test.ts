import { describe, expect, it } from 'vitest'
import type { InquiryRow } from '@sync/engine/database'
import {
  lastChangeText,
  answerGroups,
  ageText,
  guardianDetails,
  inquiryEmailDraft,
  joinNames,
  letterDate,
  previousSchoolsText,
  showsPotential,
  storedTab,
  storeTab,
  TAB_STORAGE_KEY,
} from './inquiry-view'

describe('the Pre-Admission pane on this device', () => {
  it('H04: remembers the chosen tab, and starts on Initial Inquiry otherwise', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(storedTab(storage)).toBe('initialInquiry')
    storeTab(storage, 'trial')
    expect(store.get(TAB_STORAGE_KEY)).toBe('trial')
    expect(storedTab(storage)).toBe('trial')
    store.set(TAB_STORAGE_KEY, 'xyz')
    expect(storedTab(storage)).toBe('initialInquiry')
    expect(storedTab(null)).toBe('initialInquiry')
  })

  it('shows a child’s age in years and months', () => {
    expect(ageText('2019-11-26', '2026-11-26')).toBe('7y 0m')
    expect(ageText('2021-02-15', '2026-11-26')).toBe('5y 9m')
    expect(ageText('2021-09-27', '2026-11-26')).toBe('5y 1m')
    expect(ageText(null, '2026-11-26')).toBe('')
    expect(ageText('not a date', '2026-11-26')).toBe('')
  })
})

describe('an e-mail to an inquiry’s family (O01, O11)', () => {
  const row = (status: string, data: Record<string, unknown>, kind = 'family') =>
    ({
      id: 'inq-1',
      kind,
      status,
      family_name: 'Keller',
      submitted: '2026-11-17T10:00:00Z',
      archived: false,
      potential: false,
      data,
    }) as unknown as InquiryRow

  it('joins names and writes dates as a letter does', () => {
    expect(joinNames([])).toBe('')
    expect(joinNames(['Jonas Keller'])).toBe('Jonas Keller')
    expect(joinNames(['A', ' ', 'B', 'C'])).toBe('A, B and C')
    expect(letterDate('2026-12-03')).toBe('Thursday 3 December 2026')
    expect(letterDate('3/12/2026')).toBe('')
    expect(letterDate(null)).toBe('')
  })

  it('goes to the guardians, knows the meeting and trial, and offers the step’s template first', () => {
    const draft = inquiryEmailDraft(
      row('meeting', {
        children: [
          {
            firstName: 'Lena',
            lastName: 'Keller',
            trialStart: '2026-11-30',
            trialEnd: '2026-12-04',
          },
          { firstName: 'Tom', lastName: 'Keller' },
        ],
        guardians: [
          { firstName: 'Jonas', lastName: 'Keller', email: 'jonas@example.com' },
          { firstName: 'Eva', lastName: 'Keller', email: 'eva@example.com' },
        ],
        meetingDate: '2026-12-03',
        meetingStart: '10:00',
        meetingEnd: '10:45',
      }),
    )
    expect(draft).toEqual({
      to: ['jonas@example.com', 'eva@example.com'],
      values: {
        parentNames: 'Jonas Keller and Eva Keller',
        studentName: 'Lena Keller and Tom Keller',
        familyName: 'Keller',
        meetingDate: 'Thursday 3 December 2026',
        meetingStart: '10:00',
        meetingEnd: '10:45',
        trialStart: 'Monday 30 November 2026',
        trialEnd: 'Friday 4 December 2026',
      },
      templates: ['meeting', 'trial', 'admission', 'enrolment'],
    })
    expect(inquiryEmailDraft(row('enrolled', { children: [], guardians: [] })).templates[0]).toBe(
      'enrolment',
    )
    expect(
      inquiryEmailDraft(row('initialInquiry', { children: [], guardians: [] })).values,
    ).toEqual({ familyName: 'Keller' })
  })

  it('writes to a facilitator applicant freely, without the family templates', () => {
    expect(
      inquiryEmailDraft(
        row('initialInquiry', { applicant: { email: 'asha@example.com' } }, 'facilitator'),
      ),
    ).toEqual({ to: ['asha@example.com'], values: {}, templates: [] })
  })
})

describe('what a family or an applicant answered', () => {
  it('lists each guardian, the onboarding questionnaire and an applicant, without blank answers', () => {
    const groups = answerGroups({
      data: {
        guardians: [
          {
            firstName: 'Rita',
            lastName: 'Gomes',
            questions: [
              { id: 'g1', q: 'How did you hear about the centre?', a: 'A friend' },
              { id: 'g2', q: 'Why?', a: '  ' },
            ],
          },
          { firstName: 'Joe', lastName: 'Gomes', questions: [{ id: 'g1', q: 'How?', a: '' }] },
        ],
        onboarding: { questions: [{ id: 'o7', q: 'Can your child swim?', a: 'No' }, 'junk'] },
      },
    })
    expect(groups).toEqual([
      {
        title: 'Rita Gomes',
        answers: [{ q: 'How did you hear about the centre?', a: 'A friend' }],
      },
      { title: 'Onboarding questionnaire', answers: [{ q: 'Can your child swim?', a: 'No' }] },
    ])
    expect(
      answerGroups({
        data: { applicant: { firstName: 'Arjun', questions: [{ id: 'f1', q: 'Q?', a: 'A.' }] } },
      }),
    ).toEqual([{ title: 'Arjun', answers: [{ q: 'Q?', a: 'A.' }] }])
    expect(answerGroups({ data: {} })).toEqual([])
  })
})

describe('what the inquiry detail shows besides names (issue 40)', () => {
  it.each([
    [
      [{ school: 'Sharada Mandir School', grade: 'Grade 2', years: '2023-2025' }],
      'Sharada Mandir School (Grade 2, 2023-2025)',
    ],
    [
      [
        { school: ' Little Flowers ', grade: '', years: '1' },
        { school: 'Kendriya Vidyalaya', grade: 'UKG', years: '' },
        { school: '', grade: 'LKG', years: '1' },
      ],
      'Little Flowers (1); Kendriya Vidyalaya (UKG)',
    ],
    [undefined, ''],
    ['not a list', ''],
  ])('previous schools %j read "%s"', (previousSchools, text) => {
    expect(previousSchoolsText({ previousSchools })).toBe(text)
  })

  it.each([
    [
      { dob: '1988-04-12', address: ' House 12, Panaji ' },
      ['Born 1988-04-12', 'Address: House 12, Panaji'],
    ],
    [{ dob: '', address: undefined }, []],
    [{ address: 'Margao' }, ['Address: Margao']],
  ])('a guardian %j: %j', (guardian, lines) => {
    expect(guardianDetails(guardian)).toEqual(lines)
  })

  it.each([
    [true, 'admission', true],
    [true, 'enrolled', false],
    [false, 'initialInquiry', false],
  ] as const)('potential %s at %s shows the tag: %s', (potential, status, shown) => {
    expect(showsPotential({ potential, status })).toBe(shown)
  })
})

describe('who changed an inquiry last, in the centre’s time (issue 30, H11)', () => {
  it.each([
    [
      { updated_at: '2026-11-28T04:45:00Z', updated_by_name: 'Savio Pereira' },
      'Last changed by Savio Pereira on 28 Nov 2026, 10:15',
    ],
    // Just before midnight UTC is the next morning at the centre.
    [
      { updated_at: '2026-11-27T19:20:00.123456+00:00', updated_by_name: 'Meera Kamat' },
      'Last changed by Meera Kamat on 28 Nov 2026, 00:50',
    ],
    [
      { updated_at: '2026-11-28T04:45:00Z', updated_by_name: null },
      'Last changed on 28 Nov 2026, 10:15',
    ],
    [
      { updated_at: '2026-11-28T04:45:00Z', updated_by_name: '  ' },
      'Last changed on 28 Nov 2026, 10:15',
    ],
    [{ updated_by_name: 'Savio Pereira' }, null],
    [{ updated_at: 'not a time', updated_by_name: 'Savio Pereira' }, null],
  ])('%j: %s', (row, text) => {
    expect(lastChangeText(row)).toBe(text)
  })
})

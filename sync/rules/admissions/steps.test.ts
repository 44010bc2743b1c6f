import { describe, expect, it } from 'vitest'
import {
  MAX_STEPS,
  admissionFormSchema,
  applyStep,
  meetingCount,
  meetingFormSchema,
  meetingUid,
  stepProblem,
  stepSchema,
  trialFormSchema,
  type AdmissionStep,
} from './steps.ts'

const mail = {
  sender: 'admissions',
  to: ['maria@family.test'],
  cc: [],
  subject: 'Meeting',
  html: '<p>Welcome</p>',
}
const base = (id: string) => ({
  id,
  at: '2026-11-28T10:00:00.000Z',
  by: 'office@centre.test',
  mail,
})
const admission = {
  child: 0,
  admissionTerm: 'Term 3',
  groupId: 'rg-jaul',
  groupName: 'Jaul',
  feeTariffId: 'rf-16700',
  monthlyFee: 16700,
  admissionFee: 40000,
  depositFee: 30000,
  contributionType: 'Monthly' as const,
  contributionFee: 2000,
}
const steps = {
  meeting: {
    ...base('step-meeting-1'),
    kind: 'meeting',
    meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: ' Asha ' },
  },
  trial: {
    ...base('step-trial-1'),
    kind: 'trial',
    trial: {
      child: 0,
      groupId: 'rg-jaul',
      groupName: 'Jaul',
      start: '2026-12-07',
      end: '2026-12-11',
    },
  },
  admission: { ...base('step-admission-1'), kind: 'admission', familyToken: 'fam-1', admission },
  admissionPayment: { ...base('step-payment-1'), kind: 'admissionPayment', child: 0 },
  enrolment: { ...base('step-enrol-1'), kind: 'enrolment', child: 0, studentId: 'st-aarav' },
} satisfies { [K in AdmissionStep['kind']]: Extract<AdmissionStep, { kind: K }> }
const inquiry = (
  data: Record<string, unknown> = {},
): { id: string; status: string; data: Record<string, unknown> } => ({
  id: 'inq-1',
  status: 'initialInquiry',
  data: { children: [{ firstName: 'Aarav' }, { firstName: 'Meera' }], ...data },
})

describe('the step forms (H21, H25, H31)', () => {
  it.each([
    [
      { date: '2026-02-30', start: '15:30', end: '17:00', contact: 'Asha' },
      'Choose the meeting date',
    ],
    [
      { date: '2026-12-03', start: '17:00', end: '15:30', contact: 'Asha' },
      'The meeting ends after it starts',
    ],
    [
      { date: '2026-12-03', start: '15:30', end: '17:00', contact: '  ' },
      'Write who welcomes the family',
    ],
    [
      { date: '2026-12-03', start: '25:00', end: '17:00', contact: 'Asha' },
      'Choose when the meeting starts',
    ],
  ])('refuses the meeting %j: %s', (form, message) => {
    const r = meetingFormSchema.safeParse(form)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message)).toContain(message)
  })

  it('refuses a trial that ends before it starts, in the spec’s words', () => {
    const r = trialFormSchema.safeParse({
      child: 0,
      groupId: 'g',
      groupName: 'G',
      start: '2026-12-11',
      end: '2026-12-07',
    })
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Error: Start date must be before end date',
    ])
  })

  it.each([
    [{ monthlyFee: -1 }, 'A fee cannot be negative'],
    [{ depositFee: 10_000_001 }, 'This fee is too large'],
    [{ admissionTerm: '' }, 'Choose the term the child starts'],
    [{ contributionType: 'Weekly' }, 'Choose a contribution type'],
  ])('refuses the admission with %j: %s', (change, message) => {
    const r = admissionFormSchema.safeParse({ ...admission, ...change })
    expect(r.error?.issues.map((i) => i.message)).toContain(message)
  })

  it('takes every step of the pipeline as written on a device', () => {
    for (const step of Object.values(steps)) expect(stepSchema.safeParse(step).success).toBe(true)
    expect(stepSchema.safeParse({ ...steps.meeting, id: 'x' }).success).toBe(false)
    expect(stepSchema.safeParse({ ...steps.meeting, mail: { ...mail, to: [] } }).success).toBe(
      false,
    )
  })
})

describe('what a step changes on the inquiry (operations.md §4)', () => {
  it('a meeting sets its details, the invite id and the status (H23)', () => {
    const r = applyStep(inquiry(), steps.meeting)
    expect(r.status).toBe('meeting')
    expect(r.data).toMatchObject({
      meetingDate: '2026-12-03',
      meetingStart: '15:30',
      meetingEnd: '17:00',
      meetingPOC: 'Asha',
      meetingEventIDs: [meetingUid('inq-1')],
      statusDescription: 'Meeting on 3 Dec 2026, 15:30–17:00 with Asha',
      steps: [steps.meeting],
    })
    expect(meetingCount(r.data)).toBe(1)
    const again = applyStep(
      { ...inquiry(), data: r.data },
      { ...steps.meeting, id: 'step-meeting-2' },
    )
    expect(meetingCount(again.data)).toBe(2)
  })

  it('a trial marks the child with its group and days (H27)', () => {
    const r = applyStep(inquiry(), steps.trial)
    expect(r.status).toBe('trial')
    expect((r.data.children as Record<string, unknown>[])[0]).toMatchObject({
      trialStart: '2026-12-07',
      trialEnd: '2026-12-11',
      trialGroupName: 'Jaul',
      trialGroupUUID: 'rg-jaul',
    })
    expect((r.data.children as Record<string, unknown>[])[1]).toEqual({ firstName: 'Meera' })
  })

  it('a trial is listed by its step, says what it is, and counts the curriculum as given (H11, H30)', () => {
    const r = applyStep(inquiry({ formsCurriculum: false }), steps.trial)
    expect(r.data).toMatchObject({
      trialEventIDs: ['step-trial-1'],
      formsCurriculum: true,
      statusDescription: 'Trial of Aarav in Jaul, 7 Dec 2026 – 11 Dec 2026',
    })
    const second = applyStep(
      { ...inquiry(), data: r.data },
      { ...steps.trial, id: 'step-trial-2', trial: { ...steps.trial.trial, child: 1 } },
    )
    expect(second.data.trialEventIDs).toEqual(['step-trial-1', 'step-trial-2'])
    expect(second.data.statusDescription).toBe('Trial of Meera in Jaul, 7 Dec 2026 – 11 Dec 2026')
  })

  it('admission, payment and enrolment of both children end in Enrolled (H34, H38, H40)', () => {
    let row = inquiry()
    const apply = (step: AdmissionStep) => {
      const r = applyStep(row, step)
      row = { ...row, status: r.status ?? row.status, data: r.data }
      return r
    }
    expect(apply(steps.admission).status).toBe('admission')
    expect(row.data.statusDescription).toBe('Aarav admitted to Jaul from Term 3')
    expect(row.data.familyToken).toBe('fam-1')
    expect((row.data.children as Record<string, unknown>[])[0]).toMatchObject({
      groupUUID: 'rg-jaul',
      monthlyFee: 16700,
      paymentPending: true,
    })
    expect(apply(steps.admissionPayment).status).toBeUndefined()
    expect((row.data.children as Record<string, unknown>[])[0]!.paymentPending).toBe(false)
    apply({ ...steps.admission, id: 'step-admission-2', admission: { ...admission, child: 1 } })
    expect(apply(steps.enrolment).status).toBeUndefined()
    // Not every admitted child is enrolled yet: the admission's description stands.
    expect(row.data.statusDescription).toBe('Meera admitted to Jaul from Term 3')
    expect(
      apply({ ...steps.enrolment, id: 'step-enrol-2', child: 1, studentId: 'st-meera' }).status,
    ).toBe('enrolled')
    expect(row.data.statusDescription).toBe('Enrolled: Aarav, Meera')
  })

  it('a step written twice changes nothing the second time', () => {
    const once = applyStep(inquiry(), steps.meeting)
    const twice = applyStep({ ...inquiry(), data: once.data }, steps.meeting)
    expect(twice).toEqual({ data: once.data })
  })

  it('refuses a child the inquiry does not have and a step past the limit', () => {
    expect(() =>
      applyStep(inquiry(), { ...steps.trial, trial: { ...steps.trial.trial, child: 5 } }),
    ).toThrow('This child is not on the inquiry.')
    const full = Array.from({ length: MAX_STEPS }, (_, i) => ({
      ...steps.meeting,
      id: `step-full-${i}`,
    }))
    expect(() => applyStep(inquiry({ steps: full }), steps.trial)).toThrow(
      'This inquiry has too many steps already.',
    )
  })
})

describe('why a step cannot be taken yet', () => {
  const admitted = applyStep(inquiry(), steps.admission).data
  const paid = applyStep({ ...inquiry(), data: admitted }, steps.admissionPayment).data
  const enrolled = applyStep({ ...inquiry(), data: paid }, steps.enrolment).data
  it.each([
    ['a meeting, always', inquiry().data, 'meeting', undefined, null],
    [
      'a trial without a child',
      inquiry().data,
      'trial',
      undefined,
      'Choose a child of the inquiry.',
    ],
    ['a trial for a child', inquiry().data, 'trial', 0, null],
    [
      'a payment before admission',
      inquiry().data,
      'admissionPayment',
      0,
      'Send the admission e-mail first: it makes the family record.',
    ],
    [
      'an enrolment before admission',
      inquiry().data,
      'enrolment',
      0,
      'Send the admission e-mail first: it makes the family record.',
    ],
    ['a payment once admitted', admitted, 'admissionPayment', 0, null],
    [
      'a second payment',
      paid,
      'admissionPayment',
      0,
      'No admission payment is pending for this child.',
    ],
    ['an enrolment once admitted', paid, 'enrolment', 0, null],
    ['a second enrolment', enrolled, 'enrolment', 0, 'This child is enrolled already.'],
    [
      'an admission of an enrolled child',
      enrolled,
      'admission',
      0,
      'This child is enrolled already.',
    ],
  ] as const)('%s', (_case, data, kind, child, problem) => {
    expect(stepProblem(data, kind, child)).toBe(problem)
  })
})

// The admission steps (operations.md §3, §4, §7; H21–H42): the meeting, the trial, the admission,
// the admission payment and the enrolment. The office takes a step on its device, online or not:
// the step is written into the inquiry's `data.steps` together with what it changes on the
// inquiry, and syncs with it through `sync_push`. The server carries each step out exactly once
// (its id is the key of `admission_steps`): it queues the e-mails, makes the family record and
// its contacts at admission, and the student at enrolment. Nothing here talks to the network.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '../../contract/constants.ts'
import { PAYMENT_OPTIONS } from '../../contract/fee-kinds.ts'
import { DEFAULT_DEPOSIT_FEE } from '../fees/rules.ts'
import { shortDate } from '../text.ts'

export const STEP_KINDS = [
  'meeting',
  'trial',
  'admission',
  'admissionPayment',
  'enrolment',
] as const
export type StepKind = (typeof STEP_KINDS)[number]

/**
 * What the person sees once a step is written (operations.md §8, H24, H28, H35, H36, H41): its
 * e-mail is queued, not yet sent, and goes out when the mail server takes it (issue 40); the
 * inquiry's step list says when it has.
 */
const QUEUED = '; it goes out when the mail server takes it'
export const STEP_MESSAGES = {
  meeting: `Success! Meeting e-mail queued${QUEUED}`,
  trial: `Success! Trial e-mail queued${QUEUED}`,
  admissionNewFamily: `Success! Family record created and admission e-mail queued${QUEUED}`,
  admission: `Admission e-mail queued${QUEUED}`,
  admissionPayment: `Payment receipt generated and e-mail queued${QUEUED}`,
  enrolment: 'Success! Student enrolled',
} as const

/** What each step is called on screen. */
export const STEP_LABELS: Record<StepKind, string> = {
  meeting: 'Meeting',
  trial: 'Trial',
  admission: 'Admission',
  admissionPayment: 'Admission payment',
  enrolment: 'Enrolment',
}

/** The default meeting hours (operations.md §9, H21). */
export const DEFAULT_MEETING = { start: '15:30', end: '17:00' } as const
/** The centre's time zone: invites and dates are in it (Asia/Kolkata has no daylight saving). */
export const CENTRE_TIME_ZONE = 'Asia/Kolkata'
/** Where the centre keeps its curriculum, attached to every trial e-mail (H30). */
export const CURRICULUM = {
  bucket: 'documents',
  path: 'centre/curriculum.pdf',
  filename: 'Curriculum.pdf',
} as const
/** Contribution types (operations.md §9). */
export const CONTRIBUTION_TYPES = ['Monthly', 'Term', 'Annual', 'None'] as const
/** The most steps an inquiry keeps (a guard against a runaway device). */
export const MAX_STEPS = 60

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/
const ADDRESS = /^[\w.+-]+@([\w-]+\.)+[A-Za-z]{2,63}$/

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
export function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

const day = (message: string) => z.string().check(z.refine(isRealDate, message))
const time = (message: string) => z.string().check(z.regex(TIME, message))
const required = (message: string, max = 200) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, `At most ${max} characters`))
const fee = (message: string) =>
  z
    .number({ error: message })
    .check(z.minimum(0, 'A fee cannot be negative'), z.maximum(10_000_000, 'This fee is too large'))

/** The e-mail a step sends, as previewed: sender account, recipients, copies, subject, HTML. */
/** The Content-ID of the UPI QR code an admission e-mail shows (payment-mail.ts: UPI_QR_CID). */
export const STEP_IMAGE_CID = 'upi-qr@payment'
/** The longest image an e-mail of a step carries, in base64 characters (a QR code is ~2,000). */
export const STEP_IMAGE_MAX = 20_000

export const stepMailSchema = z.object({
  sender: z.string().check(z.minLength(1, 'Choose a sender'), z.maxLength(41)),
  to: z
    .array(z.string().check(z.regex(ADDRESS, 'Not an e-mail address')))
    .check(z.minLength(1, 'Add at least one recipient'), z.maxLength(50)),
  cc: z.array(z.string().check(z.regex(ADDRESS, 'Not an e-mail address'))).check(z.maxLength(50)),
  subject: z.string().check(z.minLength(1, 'Write a subject'), z.maxLength(998)),
  html: z.string().check(z.minLength(1, 'Write the message'), z.maxLength(60_000)),
  /**
   * The image the admission e-mail shows inline: the UPI QR code of what the family pays
   * (sync/rules/fees/payment-mail.ts makes it; the server checks it again before it is sent).
   */
  images: z.optional(
    z
      .array(
        z.object({
          filename: z.literal('upi-qr.gif'),
          content: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(STEP_IMAGE_MAX)),
          contentType: z.literal('image/gif'),
          cid: z.literal(STEP_IMAGE_CID),
        }),
      )
      .check(z.maxLength(1)),
  ),
})
export type StepMail = z.infer<typeof stepMailSchema>

/** The meeting dialog (operations.md §3 Meeting data, H21). */
export const meetingFormSchema = z
  .object({
    date: day('Choose the meeting date'),
    start: time('Choose when the meeting starts'),
    end: time('Choose when the meeting ends'),
    contact: required('Write who welcomes the family'),
  })
  .check(
    z.refine((v) => !TIME.test(v.start) || !TIME.test(v.end) || v.start < v.end, {
      message: 'The meeting ends after it starts',
      path: ['end'],
    }),
  )
export type MeetingForm = z.infer<typeof meetingFormSchema>

/** The trial dialog (operations.md §3 Trial data, H25): the child, the group, the days. */
export const trialFormSchema = z
  .object({
    child: z.int().check(z.minimum(0)),
    groupId: required('Choose the trial group', 100),
    groupName: required('Choose the trial group', 100),
    start: day('Choose the first trial day'),
    end: day('Choose the last trial day'),
  })
  .check(
    z.refine((v) => !isRealDate(v.start) || !isRealDate(v.end) || v.start <= v.end, {
      message: 'Error: Start date must be before end date',
      path: ['end'],
    }),
  )
export type TrialForm = z.infer<typeof trialFormSchema>

/** The admission dialog (operations.md §3 Admission data, H31; H32 spelt contribution*). */
export const admissionFormSchema = z.object({
  child: z.int().check(z.minimum(0)),
  admissionTerm: required('Choose the term the child starts', 100),
  admissionTermDescription: z.optional(z.string().check(z.maxLength(500))),
  groupId: required('Choose the group', 100),
  groupName: required('Choose the group', 100),
  feeTariffId: required('Choose the fee tariff', 100),
  monthlyFee: fee('Enter the monthly fee'),
  admissionFee: fee('Enter the admission fee (0 if there is none)'),
  depositFee: fee('Enter the deposit (0 if there is none)'),
  contributionType: z.enum(CONTRIBUTION_TYPES, { error: 'Choose a contribution type' }),
  contributionFee: fee('Enter the contribution (0 if there is none)'),
})
export type AdmissionForm = z.infer<typeof admissionFormSchema>

export const DEFAULT_ADMISSION_FEES = { depositFee: DEFAULT_DEPOSIT_FEE } as const

const received = (message: string) =>
  z
    .number({ error: message })
    .check(
      z.minimum(0, 'An amount cannot be negative'),
      z.maximum(10_000_000, 'An amount cannot be above ₹1,00,00,000'),
    )

/** Whether an admission payment brought anything (an amount not yet entered is judged alone). */
export function receivedSomething(v: { admissionFee: unknown; depositFee: unknown }): boolean {
  return (
    typeof v.admissionFee !== 'number' ||
    typeof v.depositFee !== 'number' ||
    v.admissionFee + v.depositFee > 0
  )
}

/**
 * What arrived at admission (H37, issue 40): the admission fee and the deposit received (0 for
 * one not paid, not both), the day, how (no default: the office chooses), who paid and the UPI or
 * bank reference. The server records each amount above 0 as a payment of the family.
 */
export const admissionPaymentSchema = z
  .object({
    admissionFee: received('Enter the admission fee received (0 if none)'),
    depositFee: received('Enter the deposit received (0 if none)'),
    paymentDate: day('Enter the day the payment arrived'),
    paymentOption: z.enum(PAYMENT_OPTIONS, { error: 'Choose how it was paid' }),
    receivedFrom: required('Enter who paid'),
    reference: z.optional(
      z.string().check(z.trim(), z.maxLength(100, 'Use at most 100 characters')),
    ),
  })
  .check(
    z.refine(receivedSomething, { message: 'Enter the amount received', path: ['admissionFee'] }),
  )
export type AdmissionPayment = z.infer<typeof admissionPaymentSchema>

/** The calendar invite a meeting e-mail carries (H22): one event, updated on reschedule. */
export interface MeetingInvite {
  uid: string
  sequence: number
  title: string
  /** The event's name in the calendar, when not "Meeting at <the centre>" (a parents' meeting). */
  summary?: string
  description: string
  date: string
  start: string
  end: string
  /** A whole-day event (a field trip): from `date` to `endDate`, both days included; no times. */
  allDay?: boolean
  endDate?: string
  timeZone: typeof CENTRE_TIME_ZONE
  organizer: { name: string; email: string }
  attendees: { name: string; email: string }[]
}

const stepBase = {
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,40}$/, 'A step needs an id')),
  at: z.string().check(z.maxLength(40)),
  by: z.string().check(z.maxLength(320)),
  mail: stepMailSchema,
}

export const stepSchema = z.discriminatedUnion('kind', [
  z.object({ ...stepBase, kind: z.literal('meeting'), meeting: meetingFormSchema }),
  z.object({ ...stepBase, kind: z.literal('trial'), trial: trialFormSchema }),
  z.object({
    ...stepBase,
    kind: z.literal('admission'),
    familyToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
    admission: admissionFormSchema,
  }),
  z.object({
    ...stepBase,
    kind: z.literal('admissionPayment'),
    child: z.int().check(z.minimum(0)),
    /** What arrived; steps written before it was asked have none. */
    payment: z.optional(admissionPaymentSchema),
  }),
  z.object({
    ...stepBase,
    kind: z.literal('enrolment'),
    child: z.int().check(z.minimum(0)),
    studentId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
    /** The child's first day at the centre: the student's fees run from its month. */
    startDate: z.optional(
      z.string().check(z.refine(isRealDate, 'Choose the first day at the centre')),
    ),
  }),
])
export type AdmissionStep = z.infer<typeof stepSchema>

/** The server's record of a step (`inquiry_steps`): each of its e-mails and where it stands. */
export interface StepState {
  id: string
  kind: StepKind
  created_at: string
  outcome: Record<string, unknown>
  mails: {
    id: string
    recipients: string[]
    status: 'queued' | 'sending' | 'sent' | 'failed'
    attempts: number
    last_error: string | null
    sent_at: string | null
  }[]
}

type Data = Record<string, unknown>
type Child = Record<string, unknown>

const childrenOf = (data: Data): Child[] =>
  Array.isArray(data.children) ? (data.children as Child[]) : []

function withChild(data: Data, index: number, change: (child: Child) => Child): Data {
  const children = childrenOf(data)
  if (!children[index]) throw new Error('This child is not on the inquiry.')
  return { ...data, children: children.map((c, i) => (i === index ? change(c) : c)) }
}

/**
 * The id of the family record an inquiry's admission makes. The server derives the same id
 * itself (app.family_token_of) and never takes the one a device writes; the device uses it to
 * take the payment and enrolment steps offline.
 */
export function familyTokenOf(inquiryId: string): string {
  return `fam-${inquiryId.slice(0, 60)}`
}

/** The event id of an inquiry's meeting invite: the same for every reschedule (H22). */
export function meetingUid(inquiryId: string): string {
  return `meeting-${inquiryId}@admissions`
}

/** The inquiry's meeting e-mails so far (each reschedule sends the invite again, sequence + 1). */
export function meetingCount(data: Data): number {
  return (Array.isArray(data.steps) ? (data.steps as { kind?: string }[]) : []).filter(
    (s) => s.kind === 'meeting',
  ).length
}

const childName = (child: Child | undefined) =>
  [child?.firstName, child?.lastName].filter((p) => typeof p === 'string' && p).join(' ') ||
  'the child'

export interface StepResult {
  status?: string
  data: Data
}

/**
 * What a step changes on the inquiry, as the device writes it with the step (operations.md §4):
 * the meeting's details (H23), the child's trial (H27), admission with payment pending (H34),
 * the payment received (H38), the child enrolled with its student id (H40). The step itself is
 * appended to `data.steps`, where the server finds it and carries it out once.
 */
export function applyStep(
  row: { id: string; status: string; data: Data },
  step: AdmissionStep,
): StepResult {
  const steps = Array.isArray(row.data.steps) ? (row.data.steps as AdmissionStep[]) : []
  if (steps.some((s) => s.id === step.id)) return { data: row.data }
  if (steps.length >= MAX_STEPS) throw new Error('This inquiry has too many steps already.')
  let data: Data = { ...row.data, steps: [...steps, step] }
  let status: string | undefined
  switch (step.kind) {
    case 'meeting':
      data = {
        ...data,
        meetingDate: step.meeting.date,
        meetingStart: step.meeting.start,
        meetingEnd: step.meeting.end,
        meetingPOC: step.meeting.contact.trim(),
        meetingEmail: step.at,
        meetingEventIDs: [meetingUid(row.id)],
        statusDescription: `Meeting on ${shortDate(step.meeting.date)}, ${step.meeting.start}–${step.meeting.end}${step.meeting.contact.trim() ? ` with ${step.meeting.contact.trim()}` : ''}`,
      }
      status = 'meeting'
      break
    case 'trial': {
      const trialIds = Array.isArray(row.data.trialEventIDs)
        ? (row.data.trialEventIDs as string[])
        : []
      data = withChild(data, step.trial.child, (c) => ({
        ...c,
        trialStart: step.trial.start,
        trialEnd: step.trial.end,
        trialGroupName: step.trial.groupName,
        trialGroupUUID: step.trial.groupId,
        trialEmail: step.at,
      }))
      data = {
        ...data,
        // The trial e-mail carries the curriculum (H30), and the trial is listed by its step.
        trialEventIDs: [...trialIds, step.id],
        formsCurriculum: true,
        statusDescription: `Trial of ${childName(childrenOf(data)[step.trial.child])} in ${step.trial.groupName}, ${shortDate(step.trial.start)} – ${shortDate(step.trial.end)}`,
      }
      status = 'trial'
      break
    }
    case 'admission': {
      const a = step.admission
      data = withChild({ ...data, familyToken: step.familyToken }, a.child, (c) => ({
        ...c,
        admissionTerm: a.admissionTerm,
        admissionTermDescription: a.admissionTermDescription ?? '',
        admissionGroupUUID: a.groupId,
        admissionGroupName: a.groupName,
        groupUUID: a.groupId,
        groupName: a.groupName,
        feeTariffUUID: a.feeTariffId,
        monthlyFee: a.monthlyFee,
        admissionFee: a.admissionFee,
        depositFee: a.depositFee,
        contributionType: a.contributionType,
        contributionFee: a.contributionFee,
        paymentPending: true,
        admissionEmail: step.at,
      }))
      data = {
        ...data,
        statusDescription: `${childName(childrenOf(data)[a.child])} admitted to ${a.groupName} from ${a.admissionTerm}`,
      }
      status = 'admission'
      break
    }
    case 'admissionPayment':
      data = withChild(data, step.child, (c) => ({ ...c, paymentPending: false, paidAt: step.at }))
      break
    case 'enrolment': {
      data = withChild(data, step.child, (c) => ({
        ...c,
        enrolled: true,
        studentUUID: step.studentId,
        ...(step.startDate ? { startDate: step.startDate } : {}),
      }))
      const admitted = childrenOf(data).filter((c) => c.groupUUID)
      if (admitted.length > 0 && admitted.every((c) => c.enrolled === true)) {
        status = 'enrolled'
        data = {
          ...data,
          statusDescription: `Enrolled: ${admitted.map((c) => childName(c)).join(', ')}`,
        }
      }
      break
    }
  }
  return status ? { status, data } : { data }
}

/**
 * Why a step cannot be taken yet, in words, or null: an admission payment needs an admission,
 * an enrolment needs the family record (made by the admission e-mail) and a child not yet enrolled.
 */
export function stepProblem(data: Data, kind: StepKind, child: number | undefined): string | null {
  const c = child === undefined ? undefined : childrenOf(data)[child]
  if (kind === 'meeting') return null
  if (!c) return 'Choose a child of the inquiry.'
  if (kind === 'trial') return null
  if (kind === 'admission') return c.enrolled === true ? 'This child is enrolled already.' : null
  if (!c.groupUUID || typeof data.familyToken !== 'string')
    return 'Send the admission e-mail first: it makes the family record.'
  if (kind === 'admissionPayment')
    return c.paymentPending === true ? null : 'No admission payment is pending for this child.'
  return c.enrolled === true ? 'This child is enrolled already.' : null
}

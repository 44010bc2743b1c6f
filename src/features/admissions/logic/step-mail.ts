// The admission steps as the office takes them (operations.md §3, §4, §7; H21–H42): what each
// step's dialog starts with, which children it may choose, the e-mail it sends (a template filled
// from the inquiry and the form), the step record written on the device, and what the server's
// record of a step (`inquiry_steps`) says about its e-mails. No network, no React.
import * as z from 'zod/mini'
import {
  admissionFormSchema,
  CENTRE_TIME_ZONE,
  CONTRIBUTION_TYPES,
  CURRICULUM,
  DEFAULT_ADMISSION_FEES,
  DEFAULT_MEETING,
  isRealDate,
  meetingFormSchema,
  STEP_KINDS,
  STEP_LABELS,
  STEP_MESSAGES,
  stepMailSchema,
  stepProblem,
  stepSchema,
  trialFormSchema,
  type AdmissionForm,
  type AdmissionStep,
  type MeetingForm,
  type StepKind,
  type StepState,
  type TrialForm,
} from '@sync/admissions/steps'
import { EDITABLE_TEMPLATES, fillTemplate, type TemplateText } from '@sync/messaging/templates'
import { documentProblem, MAX_DOCUMENT_BYTES, sniffedType } from '@/lib/storage-names'
import { joinNames, letterDate, personName } from './inquiry-view'

type Data = Record<string, unknown>
type Person = Record<string, unknown>

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const amount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined
const childrenOf = (data: Data): Person[] =>
  Array.isArray(data.children) ? (data.children as Person[]) : []
const guardiansOf = (data: Data): Person[] =>
  Array.isArray(data.guardians) ? (data.guardians as Person[]) : []
const nameOf = (p: Person | undefined) =>
  p
    ? personName({
        firstName: text(p.firstName),
        middleName: text(p.middleName),
        lastName: text(p.lastName),
      })
    : ''

// ---------------------------------------------------------------------------------------------
// Senders (O05, O07, O09)

/** A mail sender account as `mail_sender_accounts` lists it. */
export interface SenderAccount {
  key: string
  display_name: string
  address: string
  is_admissions_office: boolean
}

/** The answer of `mail_sender_accounts`. */
export interface SendersAnswer {
  senders: SenderAccount[]
  mine: string | null
  may_send: boolean
  always: boolean
}

export const SENDING_OFF =
  'E-mail sending is turned off for your account. An admin can turn it on in Members.'

/** The signed-in member's own account (O07), else Team, else the first; '' when there is none. */
export function defaultSender(senders: readonly SenderAccount[], mine: string | null): string {
  return (
    senders.find((s) => mine && s.key === mine)?.key ??
    senders.find((s) => s.key === 'team')?.key ??
    senders[0]?.key ??
    ''
  )
}

/** The copy list a step's e-mail starts with: the admissions office (O05). */
export function defaultCc(senders: readonly SenderAccount[]): string {
  return senders.find((s) => s.is_admissions_office)?.address ?? ''
}

/** Where the last answer is kept, so a step can be taken offline (with whose answer it was). */
export const SENDERS_STORAGE_KEY = 'app.admissions.senders'

const cachedSchema = z.object({
  userId: z.string(),
  answer: z.object({
    senders: z.array(
      z.object({
        key: z.string(),
        display_name: z.string(),
        address: z.string(),
        is_admissions_office: z.boolean(),
      }),
    ),
    mine: z.nullable(z.string()),
    may_send: z.boolean(),
    always: z.boolean(),
  }),
})

/** The last answer this member had on this device, or null (another member's is not theirs). */
export function cachedSenders(
  storage: Pick<Storage, 'getItem'> | null,
  userId: string,
): SendersAnswer | null {
  try {
    const raw = storage?.getItem(SENDERS_STORAGE_KEY)
    if (!raw) return null
    const parsed = cachedSchema.safeParse(JSON.parse(raw))
    return parsed.success && parsed.data.userId === userId ? parsed.data.answer : null
  } catch {
    return null
  }
}

export function cacheSenders(
  storage: Pick<Storage, 'setItem'> | null,
  userId: string,
  answer: SendersAnswer,
): void {
  try {
    storage?.setItem(SENDERS_STORAGE_KEY, JSON.stringify({ userId, answer }))
  } catch {
    // A device without storage asks the server again next time; nothing else depends on it.
  }
}

// ---------------------------------------------------------------------------------------------
// The dialog's fields

/** Addresses as typed: separated by commas, semicolons or spaces. */
export function addressList(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean)
}

/** An address list typed as text, judged by the step's rule for the list (stepMailSchema). */
const typedAddresses = (rule: z.ZodMiniType<string[]>) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const addresses = addressList(value)
      const result = rule.safeParse(addresses)
      if (result.success) return
      const issue = result.error.issues[0]
      const at = typeof issue?.path[0] === 'number' ? addresses[issue.path[0]] : undefined
      const message = issue?.message ?? 'Check the addresses'
      ctx.issues.push({ code: 'custom', message: at ? `${message}: ${at}` : message, input: value })
    }),
  )

export const mailFieldsSchema = z.object({
  sender: stepMailSchema.shape.sender,
  to: typedAddresses(stepMailSchema.shape.to),
  cc: typedAddresses(stepMailSchema.shape.cc),
})
export type MailFields = z.infer<typeof mailFieldsSchema>

const childSchema = z.int({ error: 'Choose a child' }).check(z.minimum(0, 'Choose a child'))
const paymentFormSchema = z.object({ child: childSchema })
const enrolmentFormSchema = z.object({
  child: childSchema,
  startDate: z.string().check(z.refine(isRealDate, 'Choose the first day at the centre')),
})

/** A fee field as a number input holds it: '' once cleared. */
type Fee = number | string
export type AdmissionInput = Omit<
  AdmissionForm,
  'monthlyFee' | 'admissionFee' | 'depositFee' | 'contributionFee' | 'admissionTermDescription'
> & {
  monthlyFee: Fee
  admissionFee: Fee
  depositFee: Fee
  contributionFee: Fee
  admissionTermDescription: string
}

/** Everything a step dialog holds: the e-mail's fields and each step's own. */
export interface StepFormValues {
  mail: MailFields
  meeting: MeetingForm
  trial: TrialForm
  admission: AdmissionInput
  admissionPayment: z.infer<typeof paymentFormSchema>
  enrolment: z.infer<typeof enrolmentFormSchema>
}

/** Each step's form, judged by the schemas of sync/admissions/steps.ts (errors in their words). */
export const STEP_FORM_SCHEMAS = {
  meeting: z.object({ mail: mailFieldsSchema, meeting: meetingFormSchema }),
  trial: z.object({ mail: mailFieldsSchema, trial: trialFormSchema }),
  admission: z.object({ mail: mailFieldsSchema, admission: admissionFormSchema }),
  admissionPayment: z.object({ mail: mailFieldsSchema, admissionPayment: paymentFormSchema }),
  enrolment: z.object({ mail: mailFieldsSchema, enrolment: enrolmentFormSchema }),
} as const satisfies Record<StepKind, unknown>

/** A group of the reference lists, as the trial and admission dialogs offer it. */
export interface GroupOption {
  id: string
  name: string
  feeTariffId: string | null
  active: boolean
}
/** A fee tariff: `amount` is the monthly fee. */
export interface TariffOption {
  id: string
  name: string
  amount: number
}

/** The groups and fee tariffs of the device's reference lists, by name. */
export function referenceOptions(
  rows: readonly { id: string; kind: string; data: Record<string, unknown> }[],
): { groups: GroupOption[]; tariffs: TariffOption[] } {
  const groups: GroupOption[] = []
  const tariffs: TariffOption[] = []
  for (const row of rows) {
    const name = text(row.data.name).trim()
    if (row.kind === 'group')
      groups.push({
        id: row.id,
        name,
        feeTariffId: text(row.data.feeTariffId) || null,
        active: row.data.status !== 'inactive',
      })
    else if (row.kind === 'fee_tariff') {
      const monthly = amount(row.data.amount)
      if (monthly !== undefined && monthly >= 0) tariffs.push({ id: row.id, name, amount: monthly })
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
  return { groups: groups.sort(byName), tariffs: tariffs.sort(byName) }
}

/** The groups a dialog offers: the active ones, and the one chosen already even if inactive. */
export function groupChoices(groups: readonly GroupOption[], chosen: string): GroupOption[] {
  return groups.filter((g) => g.active || g.id === chosen)
}

/** A tariff as the select shows it: 'Standard · ₹14,500 a month'. */
export function tariffLabel(tariff: TariffOption): string {
  return `${tariff.name || 'Tariff'} · ₹${formatRupees(tariff.amount)} a month`
}

/** Why a file cannot be the curriculum (H30): a PDF of at most 10 MB, by its bytes too. */
export function curriculumProblem(
  file: { name: string; type: string; size: number },
  head: Uint8Array,
): string | null {
  if (file.size === 0 || file.size > MAX_DOCUMENT_BYTES) return documentProblem(file, head)
  if (file.type !== 'application/pdf' || sniffedType(head) !== 'application/pdf')
    return `${file.name} is not a PDF: the curriculum must be a PDF.`
  return null
}

export const MAX_CURRICULUM_MB = MAX_DOCUMENT_BYTES / (1024 * 1024)

export interface ChildChoice {
  index: number
  name: string
}

/** The children a step may be taken for (stepProblem answers nothing for them). */
export function stepChildren(data: Data, kind: StepKind): ChildChoice[] {
  return childrenOf(data)
    .map((c, index) => ({ index, name: nameOf(c) || `Child ${index + 1}` }))
    .filter((c) => stepProblem(data, kind, c.index) === null)
}

/** Why no child can take the step, child by child ('Asha: …'); empty when one can. */
export function stepUnavailable(data: Data, kind: StepKind): string[] {
  if (kind === 'meeting' || stepChildren(data, kind).length > 0) return []
  const children = childrenOf(data)
  if (children.length === 0) return ['The inquiry has no children.']
  return children.map(
    (c, i) => `${nameOf(c) || `Child ${i + 1}`}: ${stepProblem(data, kind, i) ?? ''}`,
  )
}

const pad = (n: number) => String(n).padStart(2, '0')
const yearLabel = (start: number) => `${start}-${pad((start + 1) % 100)}`

/**
 * The terms a child may be admitted from (operations.md §9): the next `count` terms that start
 * on or after `today` (Term 1 starts in June, Term 2 in September, Term 3 in January), labelled
 * with their academic year: 'Term 3 2026-27'.
 */
export function admissionTermOptions(today: string, count = 4): string[] {
  const options: string[] = []
  for (let year = Number(today.slice(0, 4)); options.length < count; year++) {
    const starts = [
      { day: `${year}-01-01`, label: `Term 3 ${yearLabel(year - 1)}` },
      { day: `${year}-06-01`, label: `Term 1 ${yearLabel(year)}` },
      { day: `${year}-09-01`, label: `Term 2 ${yearLabel(year)}` },
    ]
    for (const start of starts)
      if (start.day >= today && options.length < count) options.push(start.label)
  }
  return options
}

/** The trial dialog for a child: the child's trial so far, if any. */
export function trialDefaults(data: Data, child: number): TrialForm {
  const c = childrenOf(data)[child] ?? {}
  return {
    child,
    groupId: text(c.trialGroupUUID),
    groupName: text(c.trialGroupName),
    start: text(c.trialStart),
    end: text(c.trialEnd),
  }
}

/** The admission chosen with a group: the group's fee tariff, and the tariff's monthly fee. */
export function withGroup(
  values: AdmissionInput,
  groupId: string,
  groups: readonly GroupOption[],
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const group = groups.find((g) => g.id === groupId)
  const next = { ...values, groupId: group?.id ?? '', groupName: group?.name ?? '' }
  return group?.feeTariffId ? withTariff(next, group.feeTariffId, tariffs) : next
}

/** The admission with a fee tariff: its amount is the monthly fee (which stays editable). */
export function withTariff(
  values: AdmissionInput,
  tariffId: string,
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const tariff = tariffs.find((t) => t.id === tariffId)
  return {
    ...values,
    feeTariffId: tariffId,
    monthlyFee: tariff ? tariff.amount : values.monthlyFee,
  }
}

/**
 * The admission dialog for a child: what an earlier admission e-mail said, else the group the
 * child tried with its tariff, the next term, the default deposit (45000) and no contribution.
 */
export function admissionDefaults(
  data: Data,
  child: number,
  today: string,
  groups: readonly GroupOption[],
  tariffs: readonly TariffOption[],
): AdmissionInput {
  const c = childrenOf(data)[child] ?? {}
  const base: AdmissionInput = {
    child,
    admissionTerm: text(c.admissionTerm) || (admissionTermOptions(today)[0] ?? ''),
    admissionTermDescription: text(c.admissionTermDescription),
    groupId: '',
    groupName: '',
    feeTariffId: '',
    monthlyFee: '',
    admissionFee: amount(c.admissionFee) ?? '',
    depositFee: amount(c.depositFee) ?? DEFAULT_ADMISSION_FEES.depositFee,
    contributionType: CONTRIBUTION_TYPES.find((t) => t === c.contributionType) ?? 'None',
    contributionFee: amount(c.contributionFee) ?? 0,
  }
  const grouped = withGroup(
    base,
    text(c.admissionGroupUUID) || text(c.trialGroupUUID),
    groups,
    tariffs,
  )
  const tariffed = text(c.feeTariffUUID)
    ? withTariff(grouped, text(c.feeTariffUUID), tariffs)
    : grouped
  const monthly = amount(c.monthlyFee)
  return monthly === undefined ? tariffed : { ...tariffed, monthlyFee: monthly }
}

export interface StepDefaultsContext {
  senders: SendersAnswer
  today: string
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
}

/**
 * What a step dialog starts with: the member's own sender, the guardians' addresses, the
 * admissions office in copy, the meeting as arranged so far (or 15:30 to 17:00), and for the
 * other steps the first child that may take them.
 */
export function stepFormDefaults(data: Data, ctx: StepDefaultsContext): StepFormValues {
  const first = (kind: StepKind) => stepChildren(data, kind)[0]?.index ?? -1
  return {
    mail: {
      sender: defaultSender(ctx.senders.senders, ctx.senders.mine),
      to: guardiansOf(data)
        .map((g) => text(g.email).trim())
        .filter(Boolean)
        .join(', '),
      cc: defaultCc(ctx.senders.senders),
    },
    meeting: {
      date: text(data.meetingDate),
      start: text(data.meetingStart) || DEFAULT_MEETING.start,
      end: text(data.meetingEnd) || DEFAULT_MEETING.end,
      contact: text(data.meetingPOC),
    },
    trial: trialDefaults(data, first('trial')),
    admission: admissionDefaults(data, first('admission'), ctx.today, ctx.groups, ctx.tariffs),
    admissionPayment: { child: first('admissionPayment') },
    enrolment: { child: first('enrolment'), startDate: '' },
  }
}

// ---------------------------------------------------------------------------------------------
// The e-mail

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** A fee as a letter writes it, with Indian digit grouping: 1450000 → '14,50,000'. */
export function formatRupees(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : NaN
  return Number.isFinite(n) ? rupees.format(n) : ''
}

/** What the preview lists as attached: the meeting's invite (H22), the trial's curriculum (H30). */
export const STEP_ATTACHMENTS: Record<StepKind, readonly string[]> = {
  meeting: ['invite.ics (calendar invite)'],
  trial: [CURRICULUM.filename],
  admission: [],
  admissionPayment: [],
  enrolment: [],
}

export interface MailContext {
  centreName: string
  senderName: string
  appLink: string
}

/** The child a step's form is about, or -1 for the meeting (all the children). */
export function stepChild(kind: StepKind, values: StepFormValues): number {
  return kind === 'meeting' ? -1 : values[kind].child
}

/** The template's values for a step: from the inquiry, the form and who sends it. */
export function stepTemplateValues(
  kind: StepKind,
  data: Data,
  values: StepFormValues,
  ctx: MailContext,
): Record<string, string> {
  const children = childrenOf(data)
  const child = children[stepChild(kind, values)]
  const base = {
    parentNames: joinNames(guardiansOf(data).map(nameOf)),
    studentName: nameOf(child),
    centreName: ctx.centreName,
    senderName: ctx.senderName,
    appLink: ctx.appLink,
  }
  switch (kind) {
    case 'meeting': {
      const m = values.meeting
      return {
        ...base,
        studentName: joinNames(children.map(nameOf)),
        meetingDate: letterDate(m.date),
        meetingStart: m.start,
        meetingEnd: m.end,
        meetingContact: m.contact.trim(),
      }
    }
    case 'trial':
      return {
        ...base,
        groupName: values.trial.groupName,
        trialStart: letterDate(values.trial.start),
        trialEnd: letterDate(values.trial.end),
      }
    case 'admission': {
      const a = values.admission
      return {
        ...base,
        groupName: a.groupName,
        admissionTerm: a.admissionTerm,
        admissionFee: formatRupees(a.admissionFee),
        depositFee: formatRupees(a.depositFee),
        monthlyFee: formatRupees(a.monthlyFee),
      }
    }
    case 'admissionPayment':
      return {
        ...base,
        groupName: text(child?.groupName),
        admissionFee: formatRupees(child?.admissionFee),
        depositFee: formatRupees(child?.depositFee),
      }
    case 'enrolment':
      return {
        ...base,
        groupName: text(child?.groupName),
        startDate: letterDate(values.enrolment.startDate),
      }
  }
}

/**
 * The step's e-mail as it will go out: the centre's template for the step (the app's default
 * without one) filled in. A value the inquiry lacks (a guardian without a name) is an error that
 * names it, so nothing goes out with '{{…}}' in it.
 */
export function composeStepMail(
  kind: StepKind,
  data: Data,
  values: StepFormValues,
  ctx: MailContext,
  template: TemplateText = EDITABLE_TEMPLATES[kind],
): { subject: string; html: string } {
  return fillTemplate(template, stepTemplateValues(kind, data, values, ctx))
}

// ---------------------------------------------------------------------------------------------
// The step record

export interface StepMeta {
  /** A new id for the step (uuidv7). */
  id: string
  at: string
  by: string
  /** The family's id at admission: the inquiry's, else this new one. */
  newFamilyToken: string
  /** The student's id at enrolment. */
  studentId: string
}

/** The family record's id an admission uses: the inquiry's own once it has one. */
export function familyTokenFor(data: Data, fresh: string): string {
  return text(data.familyToken) || fresh
}

/** The step as the device writes it (stepSchema), from the dialog's values and its e-mail. */
export function buildStep(
  kind: StepKind,
  data: Data,
  values: StepFormValues,
  mail: { subject: string; html: string },
  meta: StepMeta,
): AdmissionStep {
  const base = {
    id: meta.id,
    at: meta.at,
    by: meta.by,
    mail: {
      sender: values.mail.sender,
      to: addressList(values.mail.to),
      cc: addressList(values.mail.cc),
      subject: mail.subject,
      html: mail.html,
    },
  }
  switch (kind) {
    case 'meeting':
      return { ...base, kind, meeting: meetingFormSchema.parse(values.meeting) }
    case 'trial':
      return { ...base, kind, trial: trialFormSchema.parse(values.trial) }
    case 'admission':
      return {
        ...base,
        kind,
        familyToken: familyTokenFor(data, meta.newFamilyToken),
        admission: admissionFormSchema.parse(values.admission),
      }
    case 'admissionPayment':
      return { ...base, kind, child: values.admissionPayment.child }
    case 'enrolment':
      return { ...base, kind, child: values.enrolment.child, studentId: meta.studentId }
  }
}

/** The step if stepSchema takes it; otherwise an error that says what is wrong, in words. */
export function checkedStep(step: unknown): AdmissionStep {
  const result = stepSchema.safeParse(step)
  if (result.success) return result.data
  const problems = result.error.issues.map((i) =>
    i.path.length > 0 ? `${i.message} (${i.path.join('.')})` : i.message,
  )
  throw new Error(`The step was not saved: ${problems.join('; ')}`)
}

/** What each step's button and dialog are called. */
export const STEP_ACTIONS: Record<StepKind, string> = {
  meeting: 'Meeting e-mail',
  trial: 'Trial e-mail',
  admission: 'Admission e-mail',
  admissionPayment: 'Admission payment received',
  enrolment: 'Enrol',
}

/** What the person reads once the step is written (operations.md §8). */
export function stepSuccessMessage(kind: StepKind, data: Data): string {
  if (kind === 'admission')
    return text(data.familyToken) ? STEP_MESSAGES.admission : STEP_MESSAGES.admissionNewFamily
  return STEP_MESSAGES[kind]
}

// ---------------------------------------------------------------------------------------------
// The steps taken, and where their e-mails stand

export interface TakenStep {
  id: string
  kind: StepKind
  label: string
  at: string
  /** When, in the centre's time zone: '27 Nov 2026, 3:30 pm'. */
  when: string
  by: string
  childName: string | null
}

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: CENTRE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** A moment as the steps list shows it, in the centre's time zone. */
export function stepTime(at: string): string {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? at : timeFormat.format(date)
}

const isKind = (value: unknown): value is StepKind =>
  (STEP_KINDS as readonly unknown[]).includes(value)

/** The child a step record names, if any. */
function childOfStep(step: Record<string, unknown>): number | undefined {
  for (const value of [
    step.child,
    (step.trial as Data | undefined)?.child,
    (step.admission as Data | undefined)?.child,
  ])
    if (typeof value === 'number') return value
  return undefined
}

/** The inquiry's steps (`data.steps`), newest first. */
export function takenSteps(data: Data): TakenStep[] {
  const steps = Array.isArray(data.steps) ? (data.steps as unknown[]) : []
  const children = childrenOf(data)
  return steps
    .flatMap((s, order) => {
      if (!s || typeof s !== 'object') return []
      const step = s as Record<string, unknown>
      if (!isKind(step.kind) || typeof step.id !== 'string') return []
      const child = childOfStep(step)
      return [
        {
          order,
          id: step.id,
          kind: step.kind,
          label: STEP_LABELS[step.kind],
          at: text(step.at),
          when: stepTime(text(step.at)),
          by: text(step.by),
          childName: child === undefined ? null : nameOf(children[child]) || null,
        },
      ]
    })
    .sort((a, b) => (a.at === b.at ? b.order - a.order : a.at < b.at ? 1 : -1))
    .map(({ order: _order, ...step }) => step)
}

export const WAITING_TO_SYNC = 'Waiting to sync'

type StepMailState = StepState['mails'][number]

/** Where one e-mail stands: 'Sent', 'Queued', 'Sending', 'Failed: <the server's reason>'. */
export function mailStatusText(mail: Pick<StepMailState, 'status' | 'last_error'>): string {
  switch (mail.status) {
    case 'sent':
      return 'Sent'
    case 'queued':
      return 'Queued'
    case 'sending':
      return 'Sending'
    case 'failed':
      return `Failed: ${mail.last_error?.trim() || 'no reason was given'}`
  }
}

export interface StatusLine {
  /** Whom the e-mail goes to, when the step sends several (the trial's facilitator notice). */
  to: string | null
  text: string
  tone: 'done' | 'pending' | 'failed'
}

const toneOf = (status: StepMailState['status']): StatusLine['tone'] =>
  status === 'sent' ? 'done' : status === 'failed' ? 'failed' : 'pending'

/**
 * What a step's status says: 'Waiting to sync' until the server has the step (offline, or not
 * pushed yet), then each e-mail's status. Read while offline or from a failed call, an e-mail
 * that was not sent yet is marked '(last known)': it may have moved on since.
 */
export function stepStatusLines(state: StepState | undefined, fresh: boolean): StatusLine[] {
  if (!state) return [{ to: null, text: WAITING_TO_SYNC, tone: 'pending' }]
  const line = (mail: StepMailState, to: string | null): StatusLine => ({
    to,
    text:
      mail.status === 'sent' || fresh
        ? mailStatusText(mail)
        : `${mailStatusText(mail)} (last known)`,
    tone: toneOf(mail.status),
  })
  if (state.mails.length === 0) return [{ to: null, text: 'Done', tone: 'done' }]
  if (state.mails.length === 1) return [line(state.mails[0]!, null)]
  return state.mails.map((mail) => line(mail, mail.recipients.join(', ')))
}

/** Whether a step's e-mails may still change: not synced yet, queued or being sent. */
export function stepsUnsettled(
  taken: readonly Pick<TakenStep, 'id'>[],
  states: readonly StepState[],
): boolean {
  return taken.some((t) => {
    const state = states.find((s) => s.id === t.id)
    return !state || state.mails.some((m) => m.status === 'queued' || m.status === 'sending')
  })
}

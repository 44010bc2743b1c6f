// What the Pre-Admission pane shows of an inquiry: its family, children and guardians as lines
// of text, and the tab remembered on the device (H04).
import { format, isValid, parseISO } from 'date-fns'
import { ageOn } from '@sync/rules/families/profile'
import type { EmailDraft, TemplateName } from '@sync/rules/messaging/templates'
import { isPipelineTab, type PipelineTab } from '@sync/rules/admissions/pipeline'
import type { InquiryRow } from '@sync/engine/database'
import { centreClockOf } from '@/lib/time/calendar-date'

export const TAB_STORAGE_KEY = 'app.preAdmission.tab'

export function storedTab(storage: Pick<Storage, 'getItem'> | null): PipelineTab {
  try {
    const value = storage?.getItem(TAB_STORAGE_KEY)
    return isPipelineTab(value) ? value : 'initialInquiry'
  } catch {
    return 'initialInquiry'
  }
}

export function storeTab(storage: Pick<Storage, 'setItem'> | null, tab: PipelineTab): void {
  try {
    storage?.setItem(TAB_STORAGE_KEY, tab)
  } catch {
    // A device without storage shows the first tab next time; nothing else depends on it.
  }
}

interface Person {
  firstName?: string
  middleName?: string
  lastName?: string
  dob?: string | null
}

export function personName(p: Person): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')
}

/** A child's age as years and months ('7y 0m'), or '' without a usable date of birth. */
export function ageText(dob: string | null | undefined, today: string): string {
  if (!dob) return ''
  try {
    const years = ageOn(dob, today)
    const [, bm, bd] = dob.split('-').map(Number) as [number, number, number]
    const [, tm, td] = today.split('-').map(Number) as [number, number, number]
    const months = (tm - bm + (td < bd ? -1 : 0) + 12) % 12
    return `${years}y ${months}m`
  } catch {
    return ''
  }
}

export interface InquirySummary {
  id: string
  familyName: string
  kind: InquiryRow['kind']
  status: string
  potential: boolean
  archived: boolean
  submitted: string
  children: string[]
  contact: string
  when: string | null
}

/** The potential tag is for families still deciding: once enrolled it no longer shows. */
export function showsPotential(row: Pick<InquiryRow, 'potential' | 'status'>): boolean {
  return row.potential && row.status !== 'enrolled'
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** A child's previous schools as the detail lists them: 'Sharada Mandir School (Grade 2, 2022–2024)'. */
export function previousSchoolsText(child: { previousSchools?: unknown }): string {
  const schools = Array.isArray(child.previousSchools) ? child.previousSchools : []
  return schools
    .map((s: unknown) => {
      const school = s && typeof s === 'object' ? (s as Record<string, unknown>) : {}
      const name = clean(school.school)
      const details = [clean(school.grade), clean(school.years)].filter(Boolean).join(', ')
      return name && details ? `${name} (${details})` : name
    })
    .filter(Boolean)
    .join('; ')
}

/** What the detail says of a guardian besides their name and contact: born, and their address. */
export function guardianDetails(guardian: { dob?: unknown; address?: unknown }): string[] {
  const dob = clean(guardian.dob)
  const address = clean(guardian.address)
  return [dob ? `Born ${dob}` : '', address ? `Address: ${address}` : ''].filter(Boolean)
}

export function summarise(row: InquiryRow, today: string): InquirySummary {
  const family = row.kind === 'family' ? row.data : null
  const children = family?.children ?? []
  const applicant = row.kind === 'facilitator' ? row.data.applicant : null
  const first = applicant ?? family?.guardians[0]
  const meeting = family?.meetingDate ?? ''
  const trial = children
    .map((c) => c.trialStart ?? '')
    .filter(Boolean)
    .sort()[0]
  return {
    id: row.id,
    familyName: row.family_name || personName(first ?? {}),
    kind: row.kind,
    status: row.status,
    potential: showsPotential(row),
    archived: row.archived,
    submitted: row.submitted.slice(0, 10),
    children: children.map((c) => {
      const age = ageText(c.dob, today)
      return age ? `${personName(c)} (${age})` : personName(c)
    }),
    contact: first ? `${personName(first)}${first.email ? ` · ${first.email}` : ''}` : '',
    when:
      row.status === 'meeting' && meeting
        ? `Meeting ${meeting}${family?.meetingStart ? ` at ${family.meetingStart}` : ''}`
        : row.status === 'trial' && trial
          ? `Trial from ${trial}`
          : null,
  }
}

/** Names joined the way a letter says them: 'A', 'A and B', 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  const list = names.map((n) => n.trim()).filter(Boolean)
  if (list.length <= 1) return list[0] ?? ''
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
}

/** A stored date (yyyy-mm-dd) as a letter writes it: 'Thursday 3 December 2026'. */
export function letterDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return ''
  const date = parseISO(value)
  return isValid(date) ? format(date, 'EEEE d MMMM yyyy') : ''
}

/** The admissions templates, the one for the inquiry's step first (O11). */
const STEP_TEMPLATES: Record<string, TemplateName> = {
  meeting: 'meeting',
  trial: 'trial',
  admission: 'admission',
  enrolled: 'enrolment',
}
const ADMISSION_TEMPLATES: readonly TemplateName[] = ['meeting', 'trial', 'admission', 'enrolment']

/**
 * An e-mail to the family of an inquiry (O01, O11): its guardians (or the applicant) as
 * recipients, what the inquiry knows for the templates, and the admissions templates with the
 * one for its step first. A facilitator's application is written to freely.
 */
export function inquiryEmailDraft(row: InquiryRow): EmailDraft {
  if (row.kind === 'facilitator') {
    const { email } = row.data.applicant
    return { to: email ? [email] : [], values: {}, templates: [] }
  }
  const data = row.data
  const { children, guardians } = data
  const inTrial = children.find((c) => c.trialStart)
  const values: Record<string, string> = {
    parentNames: joinNames(guardians.map((g) => personName(g))),
    studentName: joinNames(children.map((c) => personName(c))),
    familyName: row.family_name,
    meetingDate: letterDate(data.meetingDate),
    meetingStart: data.meetingStart ?? '',
    meetingEnd: data.meetingEnd ?? '',
    trialStart: letterDate(inTrial?.trialStart),
    trialEnd: letterDate(inTrial?.trialEnd),
  }
  const first = STEP_TEMPLATES[row.status]
  return {
    to: guardians.map((g) => g.email ?? '').filter(Boolean),
    values: Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
    templates: first
      ? [first, ...ADMISSION_TEMPLATES.filter((t) => t !== first)]
      : ADMISSION_TEMPLATES,
  }
}

/** One person's or one questionnaire's answered questions, as the inquiry detail lists them. */
export interface AnswerGroup {
  title: string
  answers: { q: string; a: string }[]
}

const answered = (list: unknown): { q: string; a: string }[] =>
  (Array.isArray(list) ? list : [])
    .filter(
      (x): x is { q: string; a: string } =>
        !!x && typeof x === 'object' && typeof x.q === 'string' && typeof x.a === 'string',
    )
    .filter((x) => x.a.trim() !== '')
    .map(({ q, a }) => ({ q, a }))

/**
 * What the family or the applicant answered: each guardian's questions on the application, the
 * onboarding questionnaire when it has come, a facilitator applicant's questions. Unanswered
 * questions are left out, and so is a group with no answer.
 */
export function answerGroups(row: { data: unknown }): AnswerGroup[] {
  const data = row.data as Record<string, unknown>
  const groups: AnswerGroup[] = []
  const guardians = Array.isArray(data.guardians) ? (data.guardians as Person[]) : []
  for (const g of guardians) {
    const person = g as Person & { questions?: unknown }
    groups.push({ title: personName(person), answers: answered(person.questions) })
  }
  const onboarding = data.onboarding as { questions?: unknown; firstName?: string } | undefined
  if (onboarding) {
    groups.push({ title: 'Onboarding questionnaire', answers: answered(onboarding.questions) })
  }
  const applicant = data.applicant as (Person & { questions?: unknown }) | undefined
  if (applicant)
    groups.push({ title: personName(applicant), answers: answered(applicant.questions) })
  return groups.filter((g) => g.answers.length > 0)
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** An instant as the centre's clock reads it, whatever the device's zone: "28 Nov 2026, 10:15". */
export function centreDateTime(iso: string): string | null {
  if (Number.isNaN(Date.parse(iso))) return null
  const c = centreClockOf(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${c.getUTCDate()} ${MONTHS[c.getUTCMonth()]} ${c.getUTCFullYear()}, ${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`
}

/**
 * Who changed the inquiry last and when, as the server stamped them (issue 30, H11 lastEditBy,
 * lastEditDate); without a name (the public form, the seed), only when.
 */
export function lastChangeText(row: {
  updated_at?: string
  updated_by_name?: string | null
}): string | null {
  const when = row.updated_at ? centreDateTime(row.updated_at) : null
  if (!when) return null
  const who = row.updated_by_name?.trim()
  return who ? `Last changed by ${who} on ${when}` : `Last changed on ${when}`
}

// The pre-admission pipeline's lists (operations.md §2, §4, §5; H02–H04, H07–H10, H20): the
// status labels, the tabs with their counts and the order of each list. Pure functions shared by
// the office's Pre-Admission pane and its tests.
import type { InquiryStatus } from '../../contract/collections/inquiries.ts'

/** H03: the label of each status; anything else reads 'Unknown'. */
export const STATUS_LABELS: Record<InquiryStatus, string> = {
  initialInquiry: 'Initial Inquiry',
  meeting: 'Meeting',
  trial: 'Trial',
  onHold: 'On Hold',
  notProceeding: 'Not Proceeding',
  admission: 'Admission',
  enrolled: 'Enrolled',
}

export function statusLabel(status: unknown): string {
  return typeof status === 'string' && Object.hasOwn(STATUS_LABELS, status)
    ? STATUS_LABELS[status as InquiryStatus]
    : 'Unknown'
}

/**
 * H02: the tabs of the Pre-Admission pane, in order; 'all' lists every inquiry. 'Enrolled' is the
 * place of the families who came through (issue 40): without it they were only under 'All'.
 */
export const PIPELINE_TABS = [
  'initialInquiry',
  'meeting',
  'trial',
  'onHold',
  'notProceeding',
  'admission',
  'enrolled',
  'all',
] as const
export type PipelineTab = (typeof PIPELINE_TABS)[number]

/** H05: the statuses the status dialog offers. */
export const DIALOG_STATUSES = [
  'initialInquiry',
  'meeting',
  'trial',
  'onHold',
  'notProceeding',
  'admission',
] as const satisfies readonly InquiryStatus[]

export function tabLabel(tab: PipelineTab): string {
  return tab === 'all' ? 'All' : STATUS_LABELS[tab]
}

export function isPipelineTab(value: unknown): value is PipelineTab {
  return typeof value === 'string' && (PIPELINE_TABS as readonly string[]).includes(value)
}

/** What the lists need of an inquiry. */
export interface PipelineInquiry {
  id: string
  status: string
  archived: boolean
  family_name: string
  data: {
    children?: readonly { dob?: string | null }[]
    meetingDate?: string | null
    meetingStart?: string | null
  } & Record<string, unknown>
}

/**
 * Which inquiries a tab lists. An archived inquiry leaves every list (H20); 'All' lists the
 * others whatever their status.
 */
export function inTab(inquiry: PipelineInquiry, tab: PipelineTab): boolean {
  if (inquiry.archived) return false
  return tab === 'all' || inquiry.status === tab
}

/** H02: each tab's count. */
export function tabCounts(inquiries: readonly PipelineInquiry[]): Record<PipelineTab, number> {
  const counts = Object.fromEntries(PIPELINE_TABS.map((t) => [t, 0])) as Record<PipelineTab, number>
  for (const inquiry of inquiries) {
    for (const tab of PIPELINE_TABS) if (inTab(inquiry, tab)) counts[tab]++
  }
  return counts
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const TIME = /^\d{2}:\d{2}$/

const firstChildDob = (i: PipelineInquiry) => {
  const dob = i.data.children?.[0]?.dob
  return dob && DATE.test(dob) ? dob : null
}

/** The earliest trial start among the children (H09). */
const trialStart = (i: PipelineInquiry) => {
  const starts = (i.data.children ?? [])
    .map((c) => (c as { trialStart?: unknown }).trialStart)
    .filter((s): s is string => typeof s === 'string' && DATE.test(s))
    .sort()
  return starts[0] ?? null
}

const meetingKey = (i: PipelineInquiry) => {
  const date = i.data.meetingDate
  if (!date || !DATE.test(date)) return null
  const start = i.data.meetingStart
  return `${date} ${start && TIME.test(start) ? start : '99:99'}`
}

/** Ascending by key, inquiries without one last (H10), then by family name. */
function byKey(key: (i: PipelineInquiry) => string | null) {
  return (a: PipelineInquiry, b: PipelineInquiry) => {
    const ka = key(a)
    const kb = key(b)
    if (ka !== kb) {
      if (ka === null) return 1
      if (kb === null) return -1
      return ka < kb ? -1 : 1
    }
    return a.family_name.localeCompare(b.family_name)
  }
}

/** Families by name, as one looks a family up among those already enrolled. */
const byFamilyName = (a: PipelineInquiry, b: PipelineInquiry) =>
  a.family_name.localeCompare(b.family_name, 'en', { sensitivity: 'base' }) ||
  a.id.localeCompare(b.id)

/**
 * A tab's list in its order (operations.md §5): meetings by meeting date then start (H08), trials
 * by trial start (H09), the enrolled by family name, every other list by the first child's age,
 * oldest first (H07: an earlier date of birth is an older child, years then months); what has no
 * date goes last (H10).
 */
export function sortedForTab(
  inquiries: readonly PipelineInquiry[],
  tab: PipelineTab,
): PipelineInquiry[] {
  const listed = inquiries.filter((i) => inTab(i, tab))
  const order =
    tab === 'meeting'
      ? byKey(meetingKey)
      : tab === 'trial'
        ? byKey(trialStart)
        : tab === 'enrolled'
          ? byFamilyName
          : byKey(firstChildDob)
  return listed.sort(order)
}

type Loose = Record<string, unknown>
const textOf = (value: unknown) => (typeof value === 'string' ? value : '')
const peopleOf = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.filter((p): p is Loose => !!p && typeof p === 'object') : []

/** Lower case, without accents or repeated spaces: 'Inês  Kamat' and 'ines kamat' are one name. */
export function searchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

const digitsOf = (value: string) => value.replace(/\D/g, '')

/**
 * Whether an inquiry matches what the office typed (issue 40): the family's name, a child's or a
 * guardian's name, a guardian's e-mail or phone, or a facilitator applicant's name, e-mail or
 * phone. Every word typed must be found; a phone number matches whatever its spaces or prefix
 * ('98220 12345', '+91 9822012345'). An empty search matches every inquiry.
 */
export function inquiryMatches(inquiry: PipelineInquiry, search: string): boolean {
  const words = searchText(search).split(' ').filter(Boolean)
  if (words.length === 0) return true
  const data = inquiry.data as Loose
  const people = [
    ...peopleOf(data.children),
    ...peopleOf(data.guardians),
    ...peopleOf(data.applicant ? [data.applicant] : []),
  ]
  const phones = people.flatMap((p) => {
    const mobile = digitsOf(textOf(p.mobile))
    const whatsApp = digitsOf(textOf(p.whatsApp))
    const prefix = digitsOf(textOf(p.prefix))
    return [mobile, whatsApp, prefix + mobile, prefix + whatsApp].filter((d) => d.length > 0)
  })
  const haystack = searchText(
    [
      inquiry.family_name,
      ...people.flatMap((p) => [
        [p.firstName, p.middleName, p.lastName].map(textOf).join(' '),
        textOf(p.email),
      ]),
    ].join('\n'),
  )
  const typedDigits = digitsOf(search)
  // A search that is a phone number (digits, spaces, '+', '-') is compared digit by digit.
  if (typedDigits.length >= 3 && /^[\d\s+()-]+$/.test(search.trim()))
    return phones.some((p) => p.includes(typedDigits))
  return words.every((w) => haystack.includes(w))
}

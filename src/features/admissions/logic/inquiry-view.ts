// What the Pre-Admission pane shows of an inquiry: its family, children and guardians as lines
// of text, and the tab remembered on the device (H04).
import { ageOn } from '@sync/families/profile'
import { isPipelineTab, type PipelineTab } from '@sync/admissions/pipeline'
import type { InquiryRow } from '@sync/database'

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

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function summarise(row: InquiryRow, today: string): InquirySummary {
  const data = row.data as Record<string, unknown>
  const children = Array.isArray(data.children) ? (data.children as Person[]) : []
  const guardians = Array.isArray(data.guardians)
    ? (data.guardians as (Person & { email?: string })[])
    : []
  const applicant = (data.applicant ?? null) as (Person & { email?: string }) | null
  const first = applicant ?? guardians[0]
  const meeting = text(data.meetingDate)
  const trial = children
    .map((c) => text((c as Record<string, unknown>).trialStart))
    .filter(Boolean)
    .sort()[0]
  return {
    id: row.id,
    familyName: row.family_name || personName(first ?? {}),
    kind: row.kind,
    status: row.status,
    potential: row.potential,
    archived: row.archived,
    submitted: row.submitted.slice(0, 10),
    children: children.map((c) => {
      const age = ageText(c.dob, today)
      return age ? `${personName(c)} (${age})` : personName(c)
    }),
    contact: first ? `${personName(first)}${first.email ? ` · ${first.email}` : ''}` : '',
    when:
      row.status === 'meeting' && meeting
        ? `Meeting ${meeting}${text(data.meetingStart) ? ` at ${text(data.meetingStart)}` : ''}`
        : row.status === 'trial' && trial
          ? `Trial from ${trial}`
          : null,
  }
}

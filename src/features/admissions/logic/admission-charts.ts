// The Pre-Admission pane's pictures (issue 38), from the inquiries on the device: how far the
// academic year's families came from Initial Inquiry to Enrolled, how long an inquiry waits in
// each status, and the applications per month. Pure functions; the pane draws what they return.
import { periodOptions } from '@sync/rules/fees/rules'
import { statusLabel } from '@sync/rules/admissions/pipeline'
import { centreDateOf, daysBetween, isIsoDate } from '@/lib/time/calendar-date'

/** What these figures read of an inquiry. */
export interface ChartInquiry {
  id: string
  kind: 'family' | 'facilitator'
  status: string
  archived: boolean
  submitted: string
  data: Record<string, unknown>
}

/** The statuses a family passes through on its way to enrolment, in order. */
export const FUNNEL_STAGES = [
  'initialInquiry',
  'meeting',
  'trial',
  'admission',
  'enrolled',
] as const
export type FunnelStage = (typeof FUNNEL_STAGES)[number]

/** The step that moves an inquiry into each stage after the first (operations.md §4). */
const STEP_OF: Record<string, FunnelStage> = {
  meeting: 'meeting',
  trial: 'trial',
  admission: 'admission',
  admissionPayment: 'admission',
  enrolment: 'enrolled',
}

/** The day an instant falls on at the centre, or null when it is not a moment. */
function dayOf(at: unknown): string | null {
  if (typeof at !== 'string' || at === '') return null
  if (isIsoDate(at)) return at
  return Number.isNaN(Date.parse(at)) ? null : centreDateOf(at)
}

/**
 * The day an inquiry entered each stage it reached: Initial Inquiry on the day it was submitted,
 * the others on the day of the first step that leads into them. A stage its status has passed
 * without a step (moved by hand) is reached, on a day not known (null).
 */
export function stagesReached(inquiry: ChartInquiry): Map<FunnelStage, string | null> {
  const reached = new Map<FunnelStage, string | null>([
    ['initialInquiry', dayOf(inquiry.submitted)],
  ])
  const steps = Array.isArray(inquiry.data.steps) ? (inquiry.data.steps as unknown[]) : []
  for (const s of steps) {
    if (!s || typeof s !== 'object') continue
    const step = s as Record<string, unknown>
    const stage = typeof step.kind === 'string' ? STEP_OF[step.kind] : undefined
    const day = dayOf(step.at)
    if (!stage || !day) continue
    const known = reached.get(stage)
    if (!known || day < known) reached.set(stage, day)
  }
  const rank = (FUNNEL_STAGES as readonly string[]).indexOf(inquiry.status)
  FUNNEL_STAGES.forEach((stage, i) => {
    if (i <= rank && !reached.has(stage)) reached.set(stage, null)
  })
  return reached
}

/** The academic year's months, June first, with the first and last day of each. */
function yearMonths(academicYear: string) {
  return periodOptions('Monthly Fee', academicYear).map((m) => ({
    key: m.start.slice(0, 7),
    label: m.label,
    start: m.start,
    end: m.end,
  }))
}

/** The families' inquiries (not the facilitators' applications, not archived ones) of a year. */
export function inquiriesOfYear(
  inquiries: readonly ChartInquiry[],
  academicYear: string,
): ChartInquiry[] {
  const months = yearMonths(academicYear)
  const first = months[0]!.start
  const last = months[months.length - 1]!.end
  return inquiries.filter((i) => {
    if (i.kind !== 'family' || i.archived) return false
    const day = dayOf(i.submitted)
    return day !== null && first <= day && day <= last
  })
}

export interface FunnelRow {
  stage: FunnelStage
  label: string
  count: number
}

/** How many of the year's inquiries reached each stage (H01), and where the others stopped. */
export function admissionFunnel(
  inquiries: readonly ChartInquiry[],
  academicYear: string,
): { rows: FunnelRow[]; onHold: number; notProceeding: number } {
  const year = inquiriesOfYear(inquiries, academicYear)
  const reached = year.map(stagesReached)
  return {
    rows: FUNNEL_STAGES.map((stage) => ({
      stage,
      label: statusLabel(stage),
      count: reached.filter((r) => r.has(stage)).length,
    })),
    onHold: year.filter((i) => i.status === 'onHold').length,
    notProceeding: year.filter((i) => i.status === 'notProceeding').length,
  }
}

export interface WaitRow {
  stage: FunnelStage
  label: string
  /** The middle wait in days (the median), 0 without any. */
  medianDays: number
  /** The inquiries measured: those that left the stage, and those still in it. */
  count: number
  /** Of them, still waiting in it today. */
  waiting: number
}

function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2)
}

/**
 * How long the year's inquiries wait in each status before the next, in days: from the day an
 * inquiry entered a stage to the day it entered the next one it reached, or to today while it is
 * still in that stage. A stage entered or left on a day not known (moved by hand) is not
 * measured, nor is the time an inquiry spends on hold or not proceeding. Enrolled is the end.
 */
export function statusWaits(
  inquiries: readonly ChartInquiry[],
  academicYear: string,
  today: string,
): WaitRow[] {
  const waits = new Map<FunnelStage, { days: number[]; waiting: number }>()
  for (const inquiry of inquiriesOfYear(inquiries, academicYear)) {
    const reached = stagesReached(inquiry)
    const order = FUNNEL_STAGES.filter((s) => reached.has(s))
    order.forEach((stage, i) => {
      if (stage === 'enrolled') return
      const from = reached.get(stage)
      if (!from) return
      const next = order[i + 1]
      let to: string | null | undefined
      let still = false
      if (next) to = reached.get(next)
      else if (inquiry.status === stage) {
        to = today
        still = true
      }
      if (!to || to < from) return
      const entry = waits.get(stage) ?? { days: [], waiting: 0 }
      entry.days.push(daysBetween(from, to))
      if (still) entry.waiting++
      waits.set(stage, entry)
    })
  }
  return FUNNEL_STAGES.filter((s) => s !== 'enrolled').map((stage) => {
    const entry = waits.get(stage) ?? { days: [], waiting: 0 }
    return {
      stage,
      label: statusLabel(stage),
      medianDays: median(entry.days),
      count: entry.days.length,
      waiting: entry.waiting,
    }
  })
}

export interface MonthCount {
  key: string
  label: string
  count: number
}

/** The families' applications received in each month of the academic year, June first. */
export function applicationsPerMonth(
  inquiries: readonly ChartInquiry[],
  academicYear: string,
): MonthCount[] {
  const rows = yearMonths(academicYear).map((m) => ({ key: m.key, label: m.label, count: 0 }))
  const index = new Map(rows.map((r, i) => [r.key, i]))
  for (const inquiry of inquiriesOfYear(inquiries, academicYear)) {
    const at = index.get(dayOf(inquiry.submitted)!.slice(0, 7))
    if (at !== undefined) rows[at]!.count++
  }
  return rows
}

// The term's feedback as a picture (per child): one row per subject, one column per week, each
// cell the colour the child's latest entry of that week gave, with a letter in it so that the
// colour is never the only cue. The same cells are read out as a table by screen readers.
import type { FeedbackColour } from '@sync/contract/collections/feedback'
import { FEEDBACK_COLOUR_WORDS } from '@sync/rules/feedback/colours'
import type { IsoDate } from '@sync/rules/timetable/types'
import { addDays, centreDateOf, isoWeekdayOf } from '@/lib/time/calendar-date'
import type { FeedbackEntry } from './entries'

/** The letter printed in a cell of each colour, and for an entry saying the child took no part. */
export const CHART_LETTERS: Record<FeedbackColour | 'none', string> = {
  green: 'G',
  yellow: 'S',
  orange: 'N',
  red: 'A',
  none: '–',
}

export interface ChartCell {
  color: FeedbackColour | 'none'
  letter: string
  /** The words a screen reader reads: 'Going well', or 'Not participating'. */
  words: string
  /** How many entries the week had in the subject (the cell shows the latest). */
  entries: number
}

export interface FeedbackChartData {
  /** Each week's Monday (centre time), oldest first. */
  weeks: IsoDate[]
  subjects: { name: string; cells: (ChartCell | null)[] }[]
}

/**
 * When an entry was written: the server's time once it arrived, else the time in its id (a UUID
 * v7 carries the milliseconds it was made at in its first twelve hex digits).
 */
export function writtenAt(entry: Pick<FeedbackEntry, 'id' | 'createdAt'>): Date | null {
  if (entry.createdAt) return new Date(entry.createdAt)
  const hex = entry.id.replace(/-/g, '').slice(0, 12)
  if (!/^[0-9a-f]{12}$/i.test(hex) || entry.id.replace(/-/g, '')[12] !== '7') return null
  return new Date(parseInt(hex, 16))
}

/** The Monday of the week a date falls in. */
export function weekOf(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoWeekdayOf(date))
}

/** One child's chart from their entries of one term (any order). */
export function feedbackChart(entries: readonly FeedbackEntry[]): FeedbackChartData {
  const weeks = new Set<IsoDate>()
  const latest = new Map<string, { at: number; cell: ChartCell }>()
  const subjects = new Set<string>()
  for (const e of entries) {
    const at = writtenAt(e)
    if (!at) continue
    const week = weekOf(centreDateOf(at))
    const subject = e.subjectName || 'Other'
    weeks.add(week)
    subjects.add(subject)
    const key = `${subject}\u0000${week}`
    const color = e.notParticipating ? 'none' : e.color
    const before = latest.get(key)
    const cell: ChartCell = {
      color,
      letter: CHART_LETTERS[color],
      words: color === 'none' ? 'Not participating' : FEEDBACK_COLOUR_WORDS[color],
      entries: (before?.cell.entries ?? 0) + 1,
    }
    if (!before || at.getTime() >= before.at) latest.set(key, { at: at.getTime(), cell })
    else before.cell.entries = cell.entries
  }
  const sortedWeeks = [...weeks].sort()
  return {
    weeks: sortedWeeks,
    subjects: [...subjects]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({
        name,
        cells: sortedWeeks.map((w) => latest.get(`${name}\u0000${w}`)?.cell ?? null),
      })),
  }
}

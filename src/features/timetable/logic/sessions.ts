import { SUBJECT_COLOURS, TIMING_PATTERN } from '@sync/constants'
import type { Session } from './types'

// Session timings are written 'HH:MM - HH:MM' (K08) and a day's sessions are listed by start.

export interface Timing {
  /** Minutes after midnight. */
  start: number
  end: number
}

// Lenient on purpose: timings typed before the form was enforced ('9:30-10:15') still sort.
const LOOSE_TIMING = /^\s*(\d{1,2}):([0-5]\d)\s*[-–]\s*(\d{1,2}):([0-5]\d)\s*$/

export function parseTiming(timing: string): Timing | undefined {
  const match = LOOSE_TIMING.exec(timing)
  if (!match) return undefined
  const [startHour, startMinute, endHour, endMinute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ]
  if (startHour > 23 || endHour > 23) return undefined
  return { start: startHour * 60 + startMinute, end: endHour * 60 + endMinute }
}

/** What the timing form accepts: the exact 'HH:MM - HH:MM' form, starting before it ends. */
export function isValidTiming(timing: string): boolean {
  const parsed = parseTiming(timing)
  return TIMING_PATTERN.test(timing) && parsed !== undefined && parsed.start < parsed.end
}

/** Earlier start first, then earlier end; a timing that cannot be read goes last. */
export function compareByStart(a: string | undefined, b: string | undefined): number {
  const x = a === undefined ? undefined : parseTiming(a)
  const y = b === undefined ? undefined : parseTiming(b)
  if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1)
  return x.start - y.start || x.end - y.end
}

/**
 * A day's sessions in the order of their timings. Sessions whose timing is unknown (deleted, or
 * not synced yet) stay visible after the others, in their stored order.
 */
export function sortSessionsByTiming<S extends Pick<Session, 'timingId'>>(
  sessions: readonly S[],
  timingsById: Readonly<Record<string, string>>,
): S[] {
  return sessions
    .map((session, index) => ({ session, index, timing: timingsById[session.timingId] }))
    .sort((a, b) => compareByStart(a.timing, b.timing) || a.index - b.index)
    .map(({ session }) => session)
}

/** Neutral grey outside the 18 subject colours, so a lesson without a subject stands out. */
export const FALLBACK_SUBJECT_COLOUR = '#adb5bd'

const subjectColours: ReadonlySet<string> = new Set(SUBJECT_COLOURS)

export function subjectColour(
  subjectId: string | null | undefined,
  coloursBySubjectId: Readonly<Record<string, string>>,
): string {
  const colour = subjectId ? coloursBySubjectId[subjectId] : undefined
  return colour !== undefined && subjectColours.has(colour) ? colour : FALLBACK_SUBJECT_COLOUR
}

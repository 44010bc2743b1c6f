import { SUBJECT_COLOURS, TIMING_PATTERN } from '@sync/contract/constants'
import { compareByStart, parseTiming } from '@/lib/time/timing'
import type { Session } from './types'

// Session timings are written 'HH:MM - HH:MM' (K08) and a day's sessions are listed by start.

/** What the timing form accepts: the exact 'HH:MM - HH:MM' form, starting before it ends. */
export function isValidTiming(timing: string): boolean {
  const parsed = parseTiming(timing)
  return TIMING_PATTERN.test(timing) && parsed !== undefined && parsed.start < parsed.end
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

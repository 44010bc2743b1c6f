// Session timings are written 'HH:MM - HH:MM' (K08); a day's sessions are listed by start.

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

/** Earlier start first, then earlier end; a timing that cannot be read goes last. */
export function compareByStart(a: string | undefined, b: string | undefined): number {
  const x = a === undefined ? undefined : parseTiming(a)
  const y = b === undefined ? undefined : parseTiming(b)
  if (!x || !y) return (x ? 0 : 1) - (y ? 0 : 1)
  return x.start - y.start || x.end - y.end
}

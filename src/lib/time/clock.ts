// Times as the header shows them ("14:05", "today 14:05", "3 Mar 2026 14:05"), at the centre's
// clock whatever the device's zone, with plain arithmetic rather than a date library: the header
// is on every dashboard's first load. The centre keeps no daylight saving: UTC + 5:30.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const CENTRE_OFFSET_MS = 330 * 60_000
const pad = (n: number) => String(n).padStart(2, '0')
const centre = (ms: number) => new Date(ms + CENTRE_OFFSET_MS)

/** The centre's time of day, 24-hour: "09:05". */
export function clockTime(ms: number): string {
  const d = centre(ms)
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
}

/** "today 09:05" for a moment of the centre's today, else "3 Mar 2026 09:05". */
export function lastTimeText(ms: number, now: number = Date.now()): string {
  const d = centre(ms)
  const day = (x: Date) => `${x.getUTCDate()} ${MONTHS[x.getUTCMonth()]} ${x.getUTCFullYear()}`
  if (day(d) === day(centre(now))) return `today ${clockTime(ms)}`
  return `${day(d)} ${clockTime(ms)}`
}

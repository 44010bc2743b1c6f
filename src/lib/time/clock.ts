// Times as the header shows them ("14:05", "today 14:05", "3 Mar 2026 14:05"), with the
// platform's Intl rather than a date library: the header is on every dashboard's first load.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** The local time of day, 24-hour: "09:05". */
export function clockTime(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** "today 09:05" for a moment today, else "3 Mar 2026 09:05". */
export function lastTimeText(ms: number, now: number = Date.now()): string {
  const d = new Date(ms)
  const today = new Date(now)
  if (d.toDateString() === today.toDateString()) return `today ${clockTime(ms)}`
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()} ${clockTime(ms)}`
}

import { centreClockOf } from '@/lib/time/calendar-date'

// Comment times are read at the centre, so they are shown on the centre's clock (IST) whatever
// the device's time zone: 'Today 14:05' for today's comments, '3 Nov 2026 14:05' otherwise
// (K17). Day, short month and year avoid the 3/11 vs 11/3 ambiguity.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const pad = (n: number) => String(n).padStart(2, '0')

/** The label of a comment created at `createdAt` (ISO timestamp), seen at `now`. */
export function commentTimeLabel(createdAt: string, now: Date | string): string {
  const created = centreClockOf(createdAt)
  if (Number.isNaN(created.getTime())) return ''
  const today = centreClockOf(now)
  const time = `${pad(created.getUTCHours())}:${pad(created.getUTCMinutes())}`
  const sameDay =
    created.getUTCFullYear() === today.getUTCFullYear() &&
    created.getUTCMonth() === today.getUTCMonth() &&
    created.getUTCDate() === today.getUTCDate()
  if (sameDay) return `Today ${time}`
  const month = MONTHS[created.getUTCMonth()] ?? ''
  return `${created.getUTCDate()} ${month} ${created.getUTCFullYear()} ${time}`
}

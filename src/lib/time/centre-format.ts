// Times as the centre reads them (Asia/Kolkata), whatever zone the device is set to: an office
// laptop abroad, or a browser left on UTC, shows the same "28 Nov 2026 10:15" as the e-mails and
// the admission steps. The centre keeps no daylight saving, so its clock is UTC + 5:30.
import { centreClockOf } from './calendar-date'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/**
 * An instant in the centre's time, written with date-fns's tokens `d`, `dd`, `MMM`, `yyyy`, `HH`
 * and `mm` (the ones the screens use); other characters are written as they are.
 */
export function centreFormat(instant: Date | string | number, pattern: string): string {
  const at = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(at.getTime())) return ''
  const c = centreClockOf(at)
  return pattern.replace(/yyyy|MMM|dd|d|HH|mm/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(c.getUTCFullYear())
      case 'MMM':
        return MONTHS[c.getUTCMonth()]!
      case 'dd':
        return pad(c.getUTCDate())
      case 'd':
        return String(c.getUTCDate())
      case 'HH':
        return pad(c.getUTCHours())
      default:
        return pad(c.getUTCMinutes())
    }
  })
}

/** A calendar date ('2026-11-30') as the centre writes it: "30 Nov 2026". */
export function dayText(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? centreFormat(`${date}T12:00:00+05:30`, 'd MMM yyyy')
    : date
}

/** Days from `start` to `end` as people read them: one day, or "4 Dec 2026 – 5 Dec 2026". */
export function daySpanText(start: string, end: string): string {
  return start === end ? dayText(start) : `${dayText(start)} – ${dayText(end)}`
}

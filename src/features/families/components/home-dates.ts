import { schoolDaysOf } from '@/lib/time/week'

/** "23 Nov", in the centre's calendar (an ISO date has no zone). */
export const dateLabel = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
}

/** "23 Nov – 27 Nov": a week's school days. */
export const weekLabel = (weekKey: string) => {
  const days = schoolDaysOf(weekKey)
  return `${dateLabel(days[0]!.date)} – ${dateLabel(days[4]!.date)}`
}

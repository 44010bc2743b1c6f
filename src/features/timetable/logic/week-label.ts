import { format, parseISO } from 'date-fns'
import { schoolDaysOf } from '@/lib/time/week'

/** A school week as people name it: "23 Nov – 27 Nov 2026". */
export function weekRangeLabel(weekKey: string): string {
  const days = schoolDaysOf(weekKey)
  const first = parseISO(days[0]!.date)
  const last = parseISO(days[4]!.date)
  return `${format(first, 'd MMM')} – ${format(last, 'd MMM yyyy')}`
}

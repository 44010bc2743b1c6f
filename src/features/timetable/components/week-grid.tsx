import { SimpleGrid } from '@mantine/core'
import { holidayOn } from '@/lib/time/school-days'
import { sortSessionsByTiming } from '../logic/sessions'
import { schoolDaysOf } from '@/lib/time/week'
import type { Session, WeekDays } from '../logic/types'
import type { TimetableLookups } from '../hooks/use-lookups'
import { DayColumn } from './day-column'

/** Monday to Friday of a week side by side (one column on phones), lessons by start time. */
export function WeekGrid(props: {
  weekKey: string
  days: WeekDays
  lookups: TimetableLookups
  renderSession(session: Session): React.ReactNode
  /** What each day names of the field trips ("Field trip: …"), by date. */
  tripsOn?(date: string): string[]
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      {schoolDaysOf(props.weekKey).map(({ day, name, date }) => (
        <DayColumn
          key={day}
          name={name}
          date={date}
          holiday={holidayOn(date, props.lookups.holidays)}
          sessions={sortSessionsByTiming(props.days[day], props.lookups.timings)}
          renderSession={props.renderSession}
          trips={props.tripsOn?.(date) ?? []}
        />
      ))}
    </SimpleGrid>
  )
}

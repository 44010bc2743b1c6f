import { lazy, Suspense, useState } from 'react'
import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFamilyAbsences, useFamilyAbsenceWriter } from '../hooks/use-family-absences'
import { AbsenceReportDialog } from './absence-report-dialog'

// The term's picture loads after the list, so Home's absences stay small.
const TermAbsenceChart = lazy(() => import('./term-absence-chart'))

const RECENT = 10
const dayLabel = (date: string) => format(parseISO(date), 'EEE d MMM yyyy')

/**
 * The family's absences on Home: the days reported ahead (which can be withdrawn), the recent
 * days and lessons the facilitators marked, and a way to report one ahead.
 */
export default function FamilyAbsences() {
  const today = centreDateOf(new Date())
  const { children, absences } = useFamilyAbsences()
  const writer = useFamilyAbsenceWriter()
  const [reporting, setReporting] = useState(false)
  if (children.length === 0) return null
  const coming = absences
    .filter((a) => a.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
  const past = absences
    .filter((a) => a.date < today)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, RECENT)
  return (
    <section aria-labelledby="home-absences">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="home-absences">
          Absences
        </Title>
        <Button size="compact-sm" variant="light" onClick={() => setReporting(true)}>
          Report an absence
        </Button>
      </Group>
      <Stack gap="xs">
        <Suspense fallback={null}>
          <TermAbsenceChart childrenOf={children} absences={absences} today={today} />
        </Suspense>
        {coming.length === 0 && past.length === 0 && (
          <Text size="sm">No absences are recorded for your children.</Text>
        )}
        {coming.length > 0 && (
          <List size="sm" spacing={4} data-testid="coming-absences">
            {coming.map((a) => (
              <List.Item key={a.id}>
                <Text span inherit fw={500}>
                  {a.child}
                </Text>{' '}
                will be away on {dayLabel(a.date)}
                {a.oneLesson && ' (one lesson)'}
                {a.reason && ` · ${a.reason}`}{' '}
                {a.reportedBy === 'family' && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => void writer.withdraw(a.id)}
                    aria-label={`Withdraw ${a.child}'s absence on ${dayLabel(a.date)}`}
                  >
                    Withdraw
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
        )}
        {past.length > 0 && (
          <List size="sm" spacing={2} data-testid="past-absences">
            {past.map((a) => (
              <List.Item key={a.id}>
                <Text span inherit fw={500}>
                  {a.child}
                </Text>{' '}
                was away on {dayLabel(a.date)}
                {a.oneLesson ? ' for one lesson' : ''}
                {a.reportedBy === 'family' && (
                  <Badge size="xs" variant="light" ml={6}>
                    Reported by you
                  </Badge>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <AbsenceReportDialog
        opened={reporting}
        today={today}
        childrenOf={children}
        onReport={writer.report}
        onClose={() => setReporting(false)}
      />
    </section>
  )
}

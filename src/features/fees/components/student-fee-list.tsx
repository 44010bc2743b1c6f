import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { StudentFees } from '@sync/rules/fees/overview'
import { longDate, rupees } from '@sync/rules/text'
import type { FeeStudent } from '../logic/office-fees'

export interface StudentFeeListProps {
  id: string
  title: string
  empty: string
  fees: readonly StudentFees[]
  students: ReadonlyMap<string, FeeStudent>
  onRecord(student: FeeStudent): void
  onList(student: FeeStudent): void
}

/** One of the overview's lists (J05, J12): each student's fee for the current period. */
export function StudentFeeList({
  id,
  title,
  empty,
  fees,
  students,
  onRecord,
  onList,
}: StudentFeeListProps) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb={6}>
        {title} ({fees.length})
      </Title>
      {fees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} role="list" aria-labelledby={id}>
          {fees.map((f) => {
            const student = students.get(f.studentId)
            if (!student) return null
            return (
              <Paper
                withBorder
                radius="sm"
                p="xs"
                role="listitem"
                key={f.studentId}
                data-testid="student-fee"
              >
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <div>
                    <Text fw={600}>{student.name}</Text>
                    <Text size="sm" c="dimmed">
                      {student.familyName} family · {student.groupName}
                    </Text>
                    <Text size="sm">
                      {f.feeType} · {f.period.label}
                    </Text>
                    <Text size="sm">
                      Total {rupees(f.totalFee)} · Paid {rupees(f.totalFeePaid)} · Pending{' '}
                      {rupees(f.totalFeePending)}
                    </Text>
                    {f.outside === 'starts' && f.startsOn && (
                      <Text size="sm" c="dimmed">
                        Starts on {longDate(f.startsOn)}: fees run from that month
                      </Text>
                    )}
                    {f.reported > 0 && (
                      <Text size="sm" c="orange.8">
                        Reported by the family: {rupees(f.reported)}
                      </Text>
                    )}
                  </div>
                  <Group gap={6}>
                    <Button
                      size="xs"
                      // A student who has paid for the period may pay again (ahead), but it is
                      // not the next thing to do: no filled button invites it.
                      variant={f.standing === 'paid' ? 'default' : 'filled'}
                      onClick={() => onRecord(student)}
                      aria-label={`Record payment for ${student.name}`}
                    >
                      Record payment
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onList(student)}
                      aria-label={`Payments of ${student.name}`}
                    >
                      Payments
                    </Button>
                  </Group>
                </Group>
              </Paper>
            )
          })}
        </Stack>
      )}
    </section>
  )
}

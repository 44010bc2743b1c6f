import { Paper, SimpleGrid, Text, Title } from '@mantine/core'
import type { PaymentsOverview } from '@sync/rules/fees/overview'
import { rupees } from '@sync/rules/text'

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="sm" p="xs" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Paper>
  )
}

/** The overview's heading and totals (J12): the current periods and where the students stand. */
export function OverviewSummary({ overview }: { overview: PaymentsOverview }) {
  const { current } = overview
  return (
    <section aria-labelledby="payments-overview">
      <Title order={2} size="h3" id="payments-overview">
        {current.month}
      </Title>
      <Text size="sm" c="dimmed" mb="xs" data-testid="current-periods">
        Term: {current.term} · Session: {current.session} · Fee year {current.year}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label="Students" value={String(overview.totalStudents)} testId="total-students" />
        <Figure
          label="Not paying"
          value={String(overview.totalNotPaying)}
          testId="total-not-paying"
        />
        <Figure label="Pending" value={String(overview.totalPending)} testId="total-pending" />
        <Figure label="Paid" value={String(overview.totalPaid)} testId="total-paid" />
      </SimpleGrid>
      {/* Amounts run to crores: on a phone each has the width of the screen. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
        <Figure
          label="Pending amount"
          value={rupees(overview.totalPendingAmount)}
          testId="total-pending-amount"
        />
        <Figure
          label="Paid amount"
          value={rupees(overview.totalPaidAmount)}
          testId="total-paid-amount"
        />
      </SimpleGrid>
    </section>
  )
}

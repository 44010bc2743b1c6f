import { useMemo } from 'react'
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { feeTotals, type YearTotal } from '@sync/rules/fees/overview'
import { rupees } from '@sync/rules/text'
import { useFeesData } from '../hooks/use-fees-data'

function YearCard({ total, label }: { total: YearTotal; label: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="year-total">
      <Title order={3} size="h5" mb={6}>
        {label}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <div>
          <Text size="sm" c="dimmed">
            Payments
          </Text>
          <Text fw={600}>{total.amounts.length}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Fees
          </Text>
          <Text fw={600}>{rupees(total.fees)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Contributions
          </Text>
          <Text fw={600}>{rupees(total.contributions)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            Total
          </Text>
          <Text fw={700}>{rupees(total.total)}</Text>
        </div>
      </SimpleGrid>
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }} data-testid="amount-list">
        Amounts: {total.amounts.map(rupees).join(', ')}
      </Text>
    </Paper>
  )
}

function Totals({
  id,
  title,
  years,
  label,
}: {
  id: string
  title: string
  years: YearTotal[]
  label(year: string): string
}) {
  return (
    <section aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb={6}>
        {title}
      </Title>
      {years.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments recorded yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {years.map((y) => (
            <YearCard key={y.year} total={y} label={label(y.year)} />
          ))}
        </Stack>
      )}
    </section>
  )
}

/** Administration's Accounting pane (J13): the takings per fee year and per calendar year. */
export function AccountingPane() {
  const data = useFeesData()
  const totals = useMemo(() => (data ? feeTotals(data.payments) : null), [data])
  return (
    <Stack gap="lg" data-testid="accounting-pane">
      <Title order={1}>Accounting</Title>
      {totals === null ? (
        <Text c="dimmed">Opening the payments on this device…</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Recorded payments only: a payment a family reported counts once the office confirms it.
          </Text>
          <Totals
            id="totals-fee-year"
            title="By fee year (June to May)"
            years={totals.byFeeYear}
            label={(year) => `Fee year ${year}`}
          />
          <Totals
            id="totals-calendar-year"
            title="By calendar year"
            years={totals.byCalendarYear}
            label={(year) => `Calendar year ${year}`}
          />
        </>
      )}
    </Stack>
  )
}

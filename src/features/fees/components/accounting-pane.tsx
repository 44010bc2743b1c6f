import { useId, useMemo, useState } from 'react'
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { feeTotals, type YearTotal } from '@sync/rules/fees/overview'
import type { PaymentRow } from '@sync/engine/database'
import { rupees, shortDate } from '@sync/rules/text'
import { saveFile } from '@/lib/save-file'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFeesData } from '../hooks/use-fees-data'
import { IncomeChart } from './income-chart'
import {
  ledgerCsv,
  ledgerFileName,
  ledgerOf,
  type LedgerEntry,
  type LedgerYear,
} from '../logic/accounting'

/** One payment as the books read it: when, who for, what, how, by whom, its receipt. */
function LedgerLine({ entry }: { entry: LedgerEntry }) {
  const what = [entry.type, entry.period].filter(Boolean).join(', ')
  const whom = entry.student || `${entry.family} family`
  return (
    <Paper component="li" withBorder radius="sm" p="xs" data-testid="ledger-entry">
      <Group justify="space-between" wrap="wrap" gap="xs" align="baseline">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {whom} · {what}
        </Text>
        <Text size="sm" fw={700}>
          {rupees(entry.amount)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {shortDate(entry.date)} · {entry.method}
        {entry.reference ? ` (${entry.reference})` : ''} · paid by {entry.paidBy} · Receipt{' '}
        {entry.receipt || 'numbered when this device syncs'}
      </Text>
    </Paper>
  )
}

function YearCard({
  total,
  label,
  year,
  payments,
}: {
  total: YearTotal
  label: string
  year: LedgerYear
  payments: readonly PaymentRow[]
}) {
  const [shown, setShown] = useState(false)
  const listId = useId()
  const entries = useMemo(() => ledgerOf(payments, year), [payments, year])
  const download = () =>
    saveFile(
      new Blob([ledgerCsv(entries)], { type: 'text/csv;charset=utf-8' }),
      ledgerFileName(year),
    )
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
      <Group gap="xs" mt="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          aria-expanded={shown}
          aria-controls={listId}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? 'Hide the payments' : `Show the ${entries.length} payments`}
        </Button>
        <Button size="xs" variant="default" onClick={download}>
          Download CSV ({label})
        </Button>
      </Group>
      {shown && (
        <Stack
          component="ul"
          id={listId}
          gap={6}
          mt="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={`Payments of ${label}`}
        >
          {entries.map((e) => (
            <LedgerLine key={e.id} entry={e} />
          ))}
        </Stack>
      )}
    </Paper>
  )
}

function Totals({
  id,
  title,
  years,
  label,
  yearOf,
  payments,
}: {
  id: string
  title: string
  years: YearTotal[]
  label(year: string): string
  yearOf(year: string): LedgerYear
  payments: readonly PaymentRow[]
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
            <YearCard
              key={y.year}
              total={y}
              label={label(y.year)}
              year={yearOf(y.year)}
              payments={payments}
            />
          ))}
        </Stack>
      )}
    </section>
  )
}

const NO_PAYMENTS: PaymentRow[] = []

/**
 * Administration's Accounting pane (J13): the takings per fee year and per calendar year, each
 * year's payments with who paid and what for, and the year as a CSV file for the accountant.
 */
export function AccountingPane() {
  const data = useFeesData()
  const totals = useMemo(() => (data ? feeTotals(data.payments) : null), [data])
  const payments = data?.payments ?? NO_PAYMENTS
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
          <section aria-labelledby="income-by-month">
            <Title order={2} size="h4" id="income-by-month" mb={6}>
              Income by month
            </Title>
            <IncomeChart
              payments={payments}
              years={totals.byFeeYear.map((y) => y.year)}
              today={centreDateOf(new Date())}
            />
          </section>
          <Totals
            id="totals-fee-year"
            title="By fee year (June to May)"
            years={totals.byFeeYear}
            label={(year) => `Fee year ${year}`}
            yearOf={(feeYear) => ({ feeYear })}
            payments={payments}
          />
          <Totals
            id="totals-calendar-year"
            title="By calendar year"
            years={totals.byCalendarYear}
            label={(year) => `Calendar year ${year}`}
            yearOf={(calendarYear) => ({ calendarYear })}
            payments={payments}
          />
        </>
      )}
    </Stack>
  )
}

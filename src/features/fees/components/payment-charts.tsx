import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Table.css'
import { useMemo, useState } from 'react'
import { Modal, SimpleGrid, Table, Text } from '@mantine/core'
import type { PaymentLike, StudentFees } from '@sync/rules/fees/overview'
import { rupees } from '@sync/rules/text'
import { BarChart, type BarSeries } from '@/components/charts/bar-chart'
import type { FeeStudent } from '../logic/office-fees'
import { feeMonths, pendingByGroup, type MonthShare } from '../logic/payment-charts'

const MONTH_SERIES: readonly BarSeries[] = [
  { label: 'Paid', color: 'teal', pattern: 'solid' },
  { label: 'Pending', color: 'orange', pattern: 'striped' },
]
const GROUP_SERIES: readonly BarSeries[] = [
  { label: 'Pending', color: 'orange', pattern: 'striped' },
]

interface OpenList {
  title: string
  shares: MonthShare[]
}

/**
 * The Payments pane's pictures (issue 38): paid against pending per month of the fee year, and
 * the current period's pending amount by group. Each bar opens the students it adds up.
 */
export function PaymentCharts({
  students,
  byId,
  payments,
  pending,
  today,
  feeYear,
}: {
  students: readonly FeeStudent[]
  byId: ReadonlyMap<string, FeeStudent>
  payments: readonly PaymentLike[]
  pending: readonly StudentFees[]
  today: string
  feeYear: string
}) {
  const [open, setOpen] = useState<OpenList | null>(null)
  const months = useMemo(() => feeMonths(students, payments, today), [students, payments, today])
  const groups = useMemo(
    () => pendingByGroup(pending, (id) => byId.get(id)?.groupName ?? 'No group'),
    [pending, byId],
  )
  return (
    <section aria-labelledby="payments-charts">
      <Text component="h2" id="payments-charts" fw={700} size="lg" mb="xs">
        Fee year {feeYear} at a glance
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BarChart
          testId="chart-fee-months"
          title="Paid and pending by month"
          description="Each month's fees: what was paid towards it, and what is still pending up to this month."
          series={MONTH_SERIES}
          format={rupees}
          empty="No fees this year yet."
          rows={months.map((m) => ({
            key: m.key,
            label: m.label,
            values: [m.paid, m.pending],
            onOpen: (series) =>
              setOpen(
                series === 0
                  ? { title: `Paid for ${m.label}`, shares: m.paidBy }
                  : { title: `Pending for ${m.label}`, shares: m.pendingBy },
              ),
          }))}
        />
        <BarChart
          testId="chart-pending-groups"
          title="Pending by group"
          description="What is still pending for the current period, the group furthest behind first."
          series={GROUP_SERIES}
          format={rupees}
          empty="Nothing is pending for the current period."
          rows={groups.map((g) => ({
            key: g.group,
            label: g.group,
            values: [g.amount],
            onOpen: () =>
              setOpen({
                title: `Pending in ${g.group}`,
                shares: g.fees.map((f) => ({ studentId: f.studentId, amount: f.totalFeePending })),
              }),
          }))}
        />
      </SimpleGrid>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''}>
        {open && <ShareList shares={open.shares} byId={byId} />}
      </Modal>
    </section>
  )
}

function ShareList({
  shares,
  byId,
}: {
  shares: readonly MonthShare[]
  byId: ReadonlyMap<string, FeeStudent>
}) {
  if (shares.length === 0) return <Text c="dimmed">No student.</Text>
  const total = shares.reduce((sum, s) => sum + s.amount, 0)
  return (
    <Table data-testid="chart-list" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Student</Table.Th>
          <Table.Th>Group</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shares.map((s) => {
          const student = byId.get(s.studentId)
          return (
            <Table.Tr key={s.studentId}>
              <Table.Td>{student?.name ?? 'A student no longer on the roll'}</Table.Td>
              <Table.Td>{student?.groupName ?? ''}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{rupees(s.amount)}</Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>
            {shares.length === 1 ? '1 student' : `${shares.length} students`}
          </Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{rupees(total)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  )
}

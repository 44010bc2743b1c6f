import { useMemo, useState } from 'react'
import { NativeSelect, Stack } from '@mantine/core'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { feeYearOf } from '@sync/rules/fees/rules'
import { rupees } from '@sync/rules/text'
import { StackedBarChart, type StackPart } from '@/components/charts/bar-chart'
import {
  INCOME_KINDS,
  incomeByMonth,
  yearBefore,
  type IncomeKind,
} from '../logic/accounting-charts'

const COLORS: Record<IncomeKind, string> = {
  'Monthly Fee': 'teal',
  'Term Fee': 'blue',
  'Session Fee': 'violet',
  'Yearly Fee': 'indigo',
  'Admission Fee': 'orange',
  Deposit: 'gray',
  'Field Trip': 'lime',
  Contributions: 'pink',
}

/**
 * The Accounting pane's picture (issue 38, J13): a fee year's income per month by fee type, with
 * the contributions, and the same month of the year before beside it.
 */
export function IncomeChart({
  payments,
  years,
  today,
}: {
  payments: readonly PaymentLike[]
  /** The fee years with payments. */
  years: readonly string[]
  today: string
}) {
  const choices = useMemo(
    () => [...new Set([feeYearOf(today), ...years])].sort().reverse(),
    [years, today],
  )
  const [year, setYear] = useState(choices[0]!)
  const income = useMemo(() => incomeByMonth(payments, year), [payments, year])
  const last = yearBefore(year)
  const shown = new Set(income.kinds)
  const parts: StackPart[] = INCOME_KINDS.filter((k) => shown.has(k)).map((k) => ({
    label: k,
    color: COLORS[k],
  }))
  const pick = (values: readonly number[]) =>
    INCOME_KINDS.flatMap((k, i) => (shown.has(k) ? [values[i] ?? 0] : []))
  return (
    <Stack gap="xs">
      <NativeSelect
        label="Fee year"
        data={choices}
        value={year}
        onChange={(e) => setYear(e.currentTarget.value)}
        maw={200}
      />
      <StackedBarChart
        testId="chart-income"
        title={`Income by month, ${year} beside ${last}`}
        description="Recorded payments of the fee year by the month they were paid, by fee type and contributions."
        parts={parts}
        format={rupees}
        empty="No payments recorded."
        rows={income.rows.map((r) => ({
          key: r.key,
          label: r.label,
          bars: [
            { name: year, values: pick(r.thisYear) },
            { name: last, values: pick(r.lastYear) },
          ],
        }))}
      />
    </Stack>
  )
}

import { useMemo, useState } from 'react'
import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core'
import { feeYearOf } from '@sync/rules/fees/rules'
import { BarChart, type BarSeries } from '@/components/charts/bar-chart'
import { centreDateOf } from '@/lib/time/calendar-date'
import {
  admissionFunnel,
  applicationsPerMonth,
  statusWaits,
  type ChartInquiry,
} from '../logic/admission-charts'

const FAMILIES: readonly BarSeries[] = [{ label: 'Families', color: 'blue', pattern: 'solid' }]
const WAIT: readonly BarSeries[] = [{ label: 'Middle wait', color: 'grape', pattern: 'striped' }]
const APPLICATIONS: readonly BarSeries[] = [
  { label: 'Applications', color: 'teal', pattern: 'solid' },
]

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)
const families = (n: number) => (n === 1 ? '1 family' : `${n} families`)

/** The academic years the inquiries on the device fall in, newest first, this one always. */
function yearsOf(inquiries: readonly ChartInquiry[], today: string): string[] {
  const years = new Set([feeYearOf(today)])
  for (const i of inquiries) {
    const day = /^\d{4}-\d{2}-\d{2}/.test(i.submitted) ? centreDateOf(i.submitted) : null
    if (day) years.add(feeYearOf(day))
  }
  return [...years].sort().reverse()
}

/**
 * The Pre-Admission pane's pictures (issue 38) for an academic year: the funnel from Initial
 * Inquiry to Enrolled, how long inquiries wait in each status, and the applications per month.
 */
export default function AdmissionFigures({ inquiries }: { inquiries: readonly ChartInquiry[] }) {
  const today = centreDateOf(new Date())
  const years = useMemo(() => yearsOf(inquiries, today), [inquiries, today])
  const [year, setYear] = useState(years[0]!)
  const funnel = useMemo(() => admissionFunnel(inquiries, year), [inquiries, year])
  const waits = useMemo(() => statusWaits(inquiries, year, today), [inquiries, year, today])
  const months = useMemo(() => applicationsPerMonth(inquiries, year), [inquiries, year])
  return (
    <Stack gap="md" data-testid="admission-figures">
      <NativeSelect
        label="Academic year"
        data={years}
        value={year}
        onChange={(e) => setYear(e.currentTarget.value)}
        maw={200}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={4}>
          <BarChart
            testId="chart-admission-funnel"
            title="From inquiry to enrolment"
            description="The year's family inquiries, and how many of them reached each status."
            series={FAMILIES}
            format={families}
            empty="No inquiries this year."
            rows={funnel.rows.map((r) => ({ key: r.stage, label: r.label, values: [r.count] }))}
          />
          <Text size="sm" data-testid="funnel-stopped">
            Now on hold: {families(funnel.onHold)} · Not proceeding:{' '}
            {families(funnel.notProceeding)}
          </Text>
        </Stack>
        <BarChart
          testId="chart-status-waits"
          title="How long inquiries wait"
          description="The middle wait in each status before the next step, counting those still waiting up to today."
          series={WAIT}
          format={days}
          empty="No waits to show."
          rows={waits.map((w) => ({
            key: w.stage,
            label: `${w.label} · ${w.count} measured, ${w.waiting} still waiting`,
            values: [w.medianDays],
          }))}
        />
        <BarChart
          testId="chart-applications"
          title="Applications per month"
          series={APPLICATIONS}
          format={(n) => (n === 1 ? '1 application' : `${n} applications`)}
          empty="No applications this year."
          rows={months.map((m) => ({ key: m.key, label: m.label, values: [m.count] }))}
        />
      </SimpleGrid>
    </Stack>
  )
}

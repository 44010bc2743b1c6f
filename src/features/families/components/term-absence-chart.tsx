import { BarChart, type BarSeries } from '@/components/charts/bar-chart'
import { termOf } from '@/lib/time/academic-year'
import { termAbsences, type TermAbsence } from '../logic/term-absences'

const SERIES: readonly BarSeries[] = [
  { label: 'Days away', color: 'orange', pattern: 'solid' },
  { label: 'Lessons missed', color: 'grape', pattern: 'striped' },
]

/** Each child's days away and lessons missed this term, on the family's Home (issue 38, L10). */
export default function TermAbsenceChart({
  childrenOf,
  absences,
  today,
}: {
  childrenOf: readonly { id: string; name: string }[]
  absences: readonly TermAbsence[]
  today: string
}) {
  const { term, year } = termOf(today)
  return (
    <BarChart
      testId="chart-child-absences"
      title={`This term (Term ${term}, ${year})`}
      series={SERIES}
      format={String}
      empty=""
      rows={termAbsences(childrenOf, absences, today).map((c) => ({
        key: c.id,
        label: c.name,
        values: [c.daysAway, c.lessonsMissed],
      }))}
    />
  )
}

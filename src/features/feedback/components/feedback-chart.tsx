import '@mantine/core/styles/Table.css'
import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { FEEDBACK_COLOUR_SWATCH, FEEDBACK_COLOUR_WORDS } from '@sync/rules/feedback/colours'
import { FEEDBACK_COLOURS } from '@sync/contract/collections/feedback'
import { centreFormat } from '@/lib/time/centre-format'
import { CHART_LETTERS, feedbackChart, type ChartCell } from '../logic/chart'
import type { FeedbackEntry } from '../logic/entries'

const CELL = 26
const GAP = 3
const LABEL = 92

function fill(cell: ChartCell): string {
  if (cell.color === 'none') return 'var(--mantine-color-gray-2)'
  return `var(--mantine-color-${FEEDBACK_COLOUR_SWATCH[cell.color].replace('.', '-')})`
}

/** Dark text on the light swatches (yellow, grey), white on the dark ones. */
function ink(cell: ChartCell): string {
  return cell.color === 'yellow' || cell.color === 'none' ? '#1a1b1e' : '#ffffff'
}

const weekLabel = (monday: string) => centreFormat(`${monday}T12:00:00+05:30`, 'd MMM')

/**
 * A child's term at a glance: a row per subject, a column per week, each cell the colour of the
 * week's latest entry with its letter in it (G, S, N, A, or – for not participating). Screen
 * readers get the same as a table, with the words.
 */
export function FeedbackChart({
  entries,
  studentName,
}: {
  entries: readonly FeedbackEntry[]
  studentName: string
}) {
  const chart = feedbackChart(entries)
  if (chart.weeks.length === 0) return null
  const width = LABEL + chart.weeks.length * (CELL + GAP)
  const height = 18 + chart.subjects.length * (CELL + GAP)
  return (
    <Stack gap={4} component="figure" m={0} data-testid="feedback-chart">
      <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          aria-hidden="true"
          focusable="false"
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          {chart.weeks.map((w, i) => (
            <text
              key={w}
              x={LABEL + i * (CELL + GAP) + CELL / 2}
              y={12}
              fontSize={8}
              textAnchor="middle"
              fill="currentColor"
            >
              {weekLabel(w)}
            </text>
          ))}
          {chart.subjects.map((s, row) => {
            const y = 18 + row * (CELL + GAP)
            return (
              <g key={s.name}>
                <text x={0} y={y + CELL / 2 + 4} fontSize={11} fill="currentColor">
                  {s.name.length > 14 ? `${s.name.slice(0, 13)}…` : s.name}
                </text>
                {s.cells.map((cell, col) => {
                  const x = LABEL + col * (CELL + GAP)
                  return cell ? (
                    <g key={col} data-cell={cell.letter}>
                      <rect x={x} y={y} width={CELL} height={CELL} rx={4} fill={fill(cell)} />
                      <text
                        x={x + CELL / 2}
                        y={y + CELL / 2 + 4}
                        fontSize={12}
                        fontWeight={700}
                        textAnchor="middle"
                        fill={ink(cell)}
                      >
                        {cell.letter}
                      </text>
                    </g>
                  ) : (
                    <rect
                      key={col}
                      x={x + 0.5}
                      y={y + 0.5}
                      width={CELL - 1}
                      height={CELL - 1}
                      rx={4}
                      fill="none"
                      stroke="var(--mantine-color-gray-4)"
                      strokeDasharray="2 2"
                    />
                  )
                })}
              </g>
            )
          })}
        </svg>
      </div>
      <Text component="figcaption" size="xs" c="dimmed">
        <Group gap="xs" component="span" wrap="wrap">
          <span>Weeks starting {weekLabel(chart.weeks[0]!)}.</span>
          {FEEDBACK_COLOURS.map((c) => (
            <span key={c} aria-hidden="true">
              {CHART_LETTERS[c]} {FEEDBACK_COLOUR_WORDS[c]}
            </span>
          ))}
          <span aria-hidden="true">{CHART_LETTERS.none} Not participating</span>
        </Group>
      </Text>
      <VisuallyHidden>
        <Table>
          <caption>{`${studentName}: the term's feedback by subject and week`}</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              {chart.weeks.map((w) => (
                <th key={w} scope="col">{`Week of ${weekLabel(w)}`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.subjects.map((s) => (
              <tr key={s.name}>
                <th scope="row">{s.name}</th>
                {s.cells.map((cell, i) => (
                  <td key={i}>{cell ? cell.words : 'No feedback'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  )
}

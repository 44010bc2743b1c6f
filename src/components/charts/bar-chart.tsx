// Bar charts drawn with plain HTML and CSS (decision "Charts", issue 38): each row is a label, one
// bar per series and each bar's figure printed beside it, so the chart reads as text to a screen
// reader and at 360 px, and a series is told apart by its pattern (solid, striped, outlined) as
// well as its colour. Colours are Mantine's CSS variables, so the bars follow light and dark.
import type { CSSProperties } from 'react'
import { Box, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'

export type BarPattern = 'solid' | 'striped' | 'outlined'

/** One series of a chart: what its bars stand for, drawn in a colour and a pattern. */
export interface BarSeries {
  label: string
  /** A Mantine colour name ('teal', 'orange'…). */
  color: string
  pattern: BarPattern
}

/** One row of a chart: a label and one figure per series, in the series' order. */
export interface BarRow {
  key: string
  label: string
  values: readonly number[]
  /** Opens the list a bar stands for (by series index); a bar without it is not a button. */
  onOpen?: (series: number) => void
}

function fill(series: BarSeries): CSSProperties {
  const c = `var(--mantine-color-${series.color}-filled)`
  if (series.pattern === 'solid') return { background: c }
  if (series.pattern === 'striped')
    return {
      background: `repeating-linear-gradient(135deg, ${c} 0 4px, transparent 4px 8px)`,
      boxShadow: `inset 0 0 0 2px ${c}`,
    }
  return { background: 'transparent', boxShadow: `inset 0 0 0 2px ${c}` }
}

function Swatch({ series }: { series: BarSeries }) {
  return (
    <Box
      aria-hidden
      style={{ width: 22, height: 12, borderRadius: 2, flex: 'none', ...fill(series) }}
    />
  )
}

function Bar({
  series,
  value,
  max,
  text,
}: {
  series: BarSeries
  value: number
  max: number
  text: string
}) {
  const width = max > 0 && value > 0 ? Math.max((value / max) * 100, 1.5) : 0
  return (
    <Group gap={6} wrap="nowrap" align="center" style={{ width: '100%' }}>
      <Box style={{ flex: 1, minWidth: 0 }} aria-hidden>
        <Box
          style={{ width: `${width}%`, height: 14, borderRadius: 2, ...fill(series) }}
          data-bar-width={width.toFixed(1)}
        />
      </Box>
      <Text
        size="sm"
        style={{ flex: 'none', minWidth: '5.5rem', fontVariantNumeric: 'tabular-nums' }}
      >
        <VisuallyHidden>{series.label}: </VisuallyHidden>
        {text}
      </Text>
    </Group>
  )
}

/**
 * A horizontal bar chart with its legend. `format` writes a figure as people read it (rupees,
 * days). The rows are a list: each names its label and every figure, which is the chart's text
 * alternative; a row whose bars open a list has a button per bar.
 */
export function BarChart({
  title,
  description,
  series,
  rows,
  format = String,
  empty,
  testId,
}: {
  title: string
  description?: string
  series: readonly BarSeries[]
  rows: readonly BarRow[]
  format?: (value: number) => string
  empty: string
  testId: string
}) {
  const max = Math.max(0, ...rows.flatMap((r) => r.values))
  const titleId = `${testId}-title`
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {series.length > 1 && (
        <Group gap="md" mt={4} aria-hidden>
          {series.map((s) => (
            <Group key={s.label} gap={6} wrap="nowrap">
              <Swatch series={s} />
              <Text size="sm">{s.label}</Text>
            </Group>
          ))}
        </Group>
      )}
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" mt="xs">
          {empty}
        </Text>
      ) : (
        <Stack gap={8} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <Box component="li" key={row.key} data-testid="chart-row" data-key={row.key}>
              <Text size="sm" fw={600} data-testid="chart-row-label">
                {row.label}
              </Text>
              <Stack gap={2}>
                {series.map((s, i) => {
                  const value = row.values[i] ?? 0
                  const bar = <Bar series={s} value={value} max={max} text={format(value)} />
                  return row.onOpen ? (
                    <UnstyledButton
                      key={s.label}
                      onClick={() => row.onOpen?.(i)}
                      aria-label={`${row.label}, ${s.label}: ${format(value)}. Open the list`}
                      data-testid="chart-bar"
                      style={{ borderRadius: 2, display: 'block', width: '100%' }}
                    >
                      {bar}
                    </UnstyledButton>
                  ) : (
                    <div key={s.label} data-testid="chart-bar">
                      {bar}
                    </div>
                  )
                })}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  )
}

/** The patterns of a stacked bar's parts, in turn, so no two neighbours differ by colour alone. */
const PART_FILLS: readonly ((c: string) => CSSProperties)[] = [
  (c) => ({ background: c }),
  (c) => ({ background: `repeating-linear-gradient(135deg, ${c} 0 3px, transparent 3px 6px)` }),
  (c) => ({ background: `repeating-linear-gradient(90deg, ${c} 0 2px, transparent 2px 5px)` }),
  (c) => ({ background: `radial-gradient(${c} 1.5px, transparent 1.6px) 0 0 / 5px 5px` }),
  (c) => ({ background: `repeating-linear-gradient(45deg, ${c} 0 3px, transparent 3px 6px)` }),
  (c) => ({ background: `repeating-linear-gradient(0deg, ${c} 0 2px, transparent 2px 5px)` }),
  (c) => ({
    background: `repeating-linear-gradient(45deg, ${c} 0 1.5px, transparent 1.5px 5px), repeating-linear-gradient(135deg, ${c} 0 1.5px, transparent 1.5px 5px)`,
  }),
]

/** One part of a stacked bar: a kind (a fee type…) in a colour; its pattern follows its place. */
export interface StackPart {
  label: string
  color: string
}

function partStyle(part: StackPart, index: number): CSSProperties {
  const c = `var(--mantine-color-${part.color}-filled)`
  return { ...PART_FILLS[index % PART_FILLS.length]!(c), boxShadow: `inset 0 0 0 1.5px ${c}` }
}

/** A row of a stacked chart: a label, and bars (this year, last year…) of parts. */
export interface StackRow {
  key: string
  label: string
  /** Each bar's name and its parts' figures, in the parts' order. */
  bars: readonly { name: string; values: readonly number[] }[]
}

/**
 * A horizontal chart of stacked bars with a legend: each bar is split into its parts, and its
 * total and every part that is not nothing are written beside it, as the chart's text.
 */
export function StackedBarChart({
  title,
  description,
  parts,
  rows,
  format = String,
  empty,
  testId,
}: {
  title: string
  description?: string
  parts: readonly StackPart[]
  rows: readonly StackRow[]
  format?: (value: number) => string
  empty: string
  testId: string
}) {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)
  const max = Math.max(0, ...rows.flatMap((r) => r.bars.map((b) => sum(b.values))))
  const titleId = `${testId}-title`
  return (
    <Box component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      <Group gap="md" mt={4} aria-hidden>
        {parts.map((p, i) => (
          <Group key={p.label} gap={6} wrap="nowrap">
            <Box style={{ width: 22, height: 12, borderRadius: 2, ...partStyle(p, i) }} />
            <Text size="sm">{p.label}</Text>
          </Group>
        ))}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" mt="xs">
          {empty}
        </Text>
      ) : (
        <Stack gap={10} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row) => (
            <Box component="li" key={row.key} data-testid="chart-row" data-key={row.key}>
              <Text size="sm" fw={600} data-testid="chart-row-label">
                {row.label}
              </Text>
              {row.bars.map((bar) => {
                const total = sum(bar.values)
                return (
                  <Box key={bar.name} data-testid="chart-bar" mt={2}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" style={{ flex: 'none', width: '4.5rem' }}>
                        {bar.name}
                      </Text>
                      <Box style={{ flex: 1, minWidth: 0, display: 'flex', gap: 1 }} aria-hidden>
                        {bar.values.map((v, i) =>
                          v > 0 && max > 0 ? (
                            <Box
                              key={parts[i]?.label ?? i}
                              style={{
                                width: `${(v / max) * 100}%`,
                                minWidth: 3,
                                height: 14,
                                ...partStyle(parts[i]!, i),
                              }}
                            />
                          ) : null,
                        )}
                      </Box>
                      <Text
                        size="sm"
                        fw={600}
                        style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
                      >
                        {format(total)}
                      </Text>
                    </Group>
                    {total > 0 && (
                      <Text size="xs" c="dimmed" pl="4.75rem" data-testid="chart-bar-parts">
                        {bar.values
                          .map((v, i) => (v > 0 ? `${parts[i]?.label} ${format(v)}` : null))
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    )}
                  </Box>
                )
              })}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  )
}

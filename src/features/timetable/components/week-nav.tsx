import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { academicYearOf, calendarTermLabel } from '../logic/academic-year'
import { mondayOf, schoolDaysOf, stepWeek, weekKeyOf } from '../logic/week'

function range(weekKey: string) {
  const days = schoolDaysOf(weekKey)
  const first = parseISO(days[0]!.date)
  const last = parseISO(days[4]!.date)
  return `${format(first, 'd MMM')} – ${format(last, 'd MMM yyyy')}`
}

/** Week navigation by week key; a weekend date picks the coming week (K04, K05). */
export function WeekNav({
  weekKey,
  onChange,
}: {
  weekKey: string
  onChange(weekKey: string): void
}) {
  const monday = mondayOf(weekKey)
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => onChange(stepWeek(weekKey, -1))}
          aria-label="Previous week"
        >
          ‹
        </ActionIcon>
        <Stack gap={0} miw={170} align="center">
          <Text fw={600} data-testid="week-label">
            Week {Number(weekKey.slice(5))} · {range(weekKey)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="term-label">
            {academicYearOf(monday)} · {calendarTermLabel(monday)}
          </Text>
        </Stack>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => onChange(stepWeek(weekKey, 1))}
          aria-label="Next week"
        >
          ›
        </ActionIcon>
      </Group>
      <TextInput
        type="date"
        aria-label="Go to date"
        value={monday}
        onChange={(e) => e.currentTarget.value && onChange(weekKeyOf(e.currentTarget.value))}
        w={160}
      />
    </Group>
  )
}

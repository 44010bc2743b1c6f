import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core'
import { academicYearOf, calendarTermLabel } from '@/lib/time/academic-year'
import { mondayOf, stepWeek, weekKeyOf } from '@/lib/time/week'
import { weekRangeLabel } from '../logic/week-label'

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
            Week {Number(weekKey.slice(5))} · {weekRangeLabel(weekKey)}
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

import '@mantine/core/styles/Tabs.css'
import { useState } from 'react'
import {
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { stepWeek } from '@/lib/time/week'
import type { GroupWeekView } from '../hooks/use-family-home'
import type { HomeLesson } from '../logic/home'
import { firstDayIndex } from '../logic/home-week'
import { dateLabel, weekLabel } from './home-dates'
import { HomeLessonDialog, WorkList } from './home-lesson-dialog'

const SHORT_DAY: Record<string, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
}

/**
 * The week on Home, one day at a time: today's first (or Monday's), the other days behind tabs,
 * each lesson with its topic and a tap that opens its assignments and resources. The weeks before
 * and after are a button away.
 */
export function HomeWeekView({
  weeks,
  weekKey,
  thisWeek,
  today,
  showChildren,
  onWeek,
}: {
  weeks: GroupWeekView[]
  weekKey: string
  thisWeek: string
  today: string
  showChildren: boolean
  onWeek(weekKey: string): void
}) {
  const [day, setDay] = useState<string | null>(null)
  const [open, setOpen] = useState<{ groupId: string; lesson: HomeLesson; day: string } | null>(
    null,
  )
  const days = weeks[0]?.days ?? []
  const first = days[firstDayIndex(weekKey, today)]?.date ?? null
  const shown = day && days.some((d) => d.date === day) ? day : first
  const title =
    weekKey === thisWeek
      ? 'This week'
      : weekKey === stepWeek(thisWeek, -1)
        ? 'Last week'
        : weekKey === stepWeek(thisWeek, 1)
          ? 'Next week'
          : 'Week'
  const openWork = open
    ? (weeks.find((w) => w.groupId === open.groupId)?.work.byLesson[open.lesson.id] ?? [])
    : []
  return (
    <section aria-labelledby="home-week">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} size="h4" id="home-week">
          {title} ({weekLabel(weekKey)})
        </Title>
        <Group gap={4}>
          <Button size="compact-sm" variant="default" onClick={() => onWeek(stepWeek(weekKey, -1))}>
            Previous week
          </Button>
          {weekKey !== thisWeek && (
            <Button size="compact-sm" variant="default" onClick={() => onWeek(thisWeek)}>
              This week
            </Button>
          )}
          <Button size="compact-sm" variant="default" onClick={() => onWeek(stepWeek(weekKey, 1))}>
            Next week
          </Button>
        </Group>
      </Group>
      {weeks.length === 0 ? (
        <Text size="sm">No group to show.</Text>
      ) : (
        <Tabs value={shown} onChange={setDay} keepMounted={false}>
          <Tabs.List grow>
            {days.map((d) => (
              <Tabs.Tab
                key={d.date}
                value={d.date}
                px={6}
                aria-label={`${d.name} ${dateLabel(d.date)}`}
              >
                {SHORT_DAY[d.name] ?? d.name} {dateLabel(d.date).split(' ')[0]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {days.map((d, index) => (
            <Tabs.Panel key={d.date} value={d.date} pt="sm">
              <Stack gap="sm">
                {weeks.map((week) => (
                  <GroupDay
                    key={week.groupId}
                    week={week}
                    index={index}
                    showChildren={showChildren}
                    onOpen={(lesson) => setOpen({ groupId: week.groupId, lesson, day: d.name })}
                  />
                ))}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {open && (
        <HomeLessonDialog
          lesson={open.lesson}
          day={open.day}
          work={openWork}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  )
}

function GroupDay({
  week,
  index,
  showChildren,
  onOpen,
}: {
  week: GroupWeekView
  index: number
  showChildren: boolean
  onOpen(lesson: HomeLesson): void
}) {
  const day = week.days[index]
  if (!day) return null
  const trips = week.trips.filter((t) => t.startDate <= day.date && day.date <= t.endDate)
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={`${week.groupName} on ${day.name}`}
    >
      <Title order={3} size="h5" mb="xs">
        {week.groupName}
        {showChildren && week.children.length > 0 && (
          <Text span c="dimmed" fw={400} size="sm">
            {' '}
            ({week.children.join(', ')})
          </Text>
        )}
      </Title>
      {trips.map((t) => (
        <Text key={`${t.title}-${t.startDate}`} size="sm" fw={600} data-testid="week-trip">
          Field trip: {t.title}
        </Text>
      ))}
      {!week.known && (
        <Text size="sm" c="dimmed">
          This group&apos;s timetable has not reached this device yet.
        </Text>
      )}
      {day.holiday ? (
        <Text size="sm">Holiday: {day.holiday}</Text>
      ) : day.lessons.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lessons
        </Text>
      ) : (
        <Stack gap={4}>
          {day.lessons.map((lesson) => {
            const count = week.work.byLesson[lesson.id]?.length ?? 0
            return (
              <UnstyledButton
                key={lesson.id}
                onClick={() => onOpen(lesson)}
                data-testid="home-lesson"
                p={6}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: 'var(--mantine-color-default-hover)',
                }}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">
                    <Text span inherit c="dimmed">
                      {lesson.timing}{' '}
                    </Text>
                    <Text span inherit fw={600}>
                      {lesson.subject}
                    </Text>
                    {lesson.topic && <Text span inherit>{` · ${lesson.topic}`}</Text>}
                  </Text>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    {count > 0 && (
                      <Badge size="sm" variant="light">
                        {count} {count === 1 ? 'item' : 'items'}
                      </Badge>
                    )}
                    <Text span c="dimmed" aria-hidden>
                      ›
                    </Text>
                  </Group>
                </Group>
              </UnstyledButton>
            )
          })}
        </Stack>
      )}
      {week.work.week.length > 0 && (
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={600}>
            For the whole week
          </Text>
          <WorkList work={week.work.week} />
        </Stack>
      )}
    </Paper>
  )
}

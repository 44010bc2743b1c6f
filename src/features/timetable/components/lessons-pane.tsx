import './styles'
import { Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useFacilitatorWeek } from '../hooks/use-facilitator-week'
import { useTimetableLookups } from '../hooks/use-lookups'
import { useWeekTrips } from '../hooks/use-week-trips'
import { tripsOnDay } from '../logic/week-trips'
import { LessonSummary } from './lesson-summary'
import { WeekGrid } from './week-grid'
import { WeekNav } from './week-nav'

/** The Lessons pane: this facilitator's own lessons of the week, across their groups. */
export function LessonsPane({ weekKey, onWeek }: { weekKey: string; onWeek(w: string): void }) {
  const member = useAuthMember()
  const lookups = useTimetableLookups()
  const week = useFacilitatorWeek(member?.facilitatorId ?? null, weekKey)
  const trips = useWeekTrips()
  if (!lookups || !week) return <Text c="dimmed">Loading your lessons…</Text>
  return (
    <Stack>
      <Title order={1} size="h2">
        My lessons
      </Title>
      <WeekNav weekKey={weekKey} onChange={onWeek} />
      <WeekGrid
        weekKey={weekKey}
        days={week}
        lookups={lookups}
        // The trips of the groups this facilitator teaches in the week, each with its group.
        tripsOn={(date) => {
          const mine = new Set(
            Object.values(week).flatMap((sessions) => (sessions ?? []).map((s) => s.groupId)),
          )
          return tripsOnDay(
            trips,
            date,
            lookups.groups.filter((g) => mine.has(g.id)),
            true,
          )
        }}
        renderSession={(s) => (
          <UnstyledButton
            component={Link}
            to="/facilitators/dash/groupDays"
            search={{ group: s.groupId, week: weekKey } as never}
            w="100%"
          >
            <LessonSummary
              session={s}
              lookups={lookups}
              detail={`${lookups.groups.find((g) => g.id === s.groupId)?.name ?? ''} · ${lookups.classrooms[s.classroomId ?? '']?.name ?? ''}`}
            />
          </UnstyledButton>
        )}
      />
    </Stack>
  )
}

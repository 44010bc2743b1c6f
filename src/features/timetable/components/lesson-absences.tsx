import { Chip, Group, Stack, Text } from '@mantine/core'
import { runTask } from '@/components/feedback/task'
import { awayAllDay, missesLesson } from '../logic/absences'
import type { IsoDate } from '../logic/types'
import { useAbsences } from '../hooks/use-absences'
import { useAbsenceWriter } from '../hooks/use-absence-writer'

/**
 * A lesson's students, one tap each to mark them away from this lesson. A child away all day is
 * shown away, and is taken back in the week's register.
 */
export function LessonAbsences(props: {
  students: { id: string; name: string }[]
  groupId: string
  date: IsoDate
  lessonId: string
}) {
  const absences = useAbsences()
  const writer = useAbsenceWriter()
  if (props.students.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No students are listed for this group.
      </Text>
    )
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Tap a child who is away from this lesson.
      </Text>
      <Group gap="xs" data-testid="lesson-register">
        {props.students.map((st) => {
          const allDay = awayAllDay(absences, st.id, props.date)
          return (
            <Chip
              key={st.id}
              color="red"
              checked={missesLesson(absences, st.id, props.date, props.lessonId)}
              disabled={allDay}
              onChange={() =>
                void runTask(
                  {
                    running: 'Updating the register…',
                    done: `Register updated: ${st.name}`,
                    local: true,
                  },
                  () =>
                    writer.toggle({
                      studentId: st.id,
                      groupId: props.groupId,
                      date: props.date,
                      lessonId: props.lessonId,
                    }),
                )
              }
            >
              {st.name}
              {allDay && ' (away all day)'}
            </Chip>
          )
        })}
      </Group>
    </Stack>
  )
}

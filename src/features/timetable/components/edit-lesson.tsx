import { useState } from 'react'
import { Button, ColorSwatch, Group, Select, Stack, Switch } from '@mantine/core'
import { runTask } from '@/components/feedback/task'
import type { Session } from '../logic/types'
import type { TimetableLookups } from '../hooks/use-lookups'
import { useTimetableWriter } from '../hooks/use-timetable-writer'
import { useMixedGroups } from '../hooks/use-mixed-groups'

/**
 * Edit calendar lesson (facilitator admins): subject, its colour, classroom, the combined mixed
 * group that takes the lesson (L01), and the scope toggle (K22).
 */
export function EditLesson({
  session,
  groupId,
  weekKey,
  lookups,
  onDone,
}: {
  session: Session
  groupId: string
  weekKey: string
  lookups: TimetableLookups
  onDone(): void
}) {
  const writer = useTimetableWriter()
  const [subjectId, setSubjectId] = useState(session.subjectId)
  const [classroomId, setClassroomId] = useState(session.classroomId)
  const [facilitatorId, setFacilitatorId] = useState(session.facilitatorId)
  const [everyWeek, setEveryWeek] = useState(false)
  const mixedGroups = useMixedGroups() ?? []
  const [mainMixedGroupId, setMainMixedGroupId] = useState(session.mainMixedGroupId)
  const colour = subjectId ? lookups.subjects[subjectId]?.color : undefined
  const save = async () => {
    const saved = await runTask(
      { running: 'Updating Calendar...', done: 'Calendar updated', local: true },
      () =>
        writer.updateLesson({
          groupId,
          weekKey,
          sessionId: session.id,
          change: {
            subjectId,
            classroomId,
            facilitatorId,
            mainMixedGroupId,
            isMixedGroup: mainMixedGroupId !== null,
          },
          everyWeek,
        }),
    )
    if (saved) onDone()
  }
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <Select
          label="Subject"
          data={Object.values(lookups.subjects).map((s) => ({ value: s.id, label: s.name }))}
          value={subjectId}
          onChange={setSubjectId}
          searchable
          style={{ flex: 1 }}
        />
        {colour && <ColorSwatch color={colour} aria-label="Subject colour" mb={8} />}
      </Group>
      <Select
        label="Classroom"
        data={Object.values(lookups.classrooms).map((c) => ({ value: c.id, label: c.name }))}
        value={classroomId}
        onChange={setClassroomId}
        clearable
      />
      <Select
        label="Facilitator"
        data={Object.values(lookups.facilitators).map((f) => ({ value: f.id, label: f.name }))}
        value={facilitatorId}
        onChange={setFacilitatorId}
        clearable
      />
      <Select
        label="Mixed group"
        description="The children of this group then go to their subgroups for this lesson."
        placeholder="None: the whole group"
        data={mixedGroups.map((g) => ({ value: g.id, label: g.group.name }))}
        value={mainMixedGroupId}
        onChange={setMainMixedGroupId}
        clearable
      />
      <Switch
        label="Change every week (the group's weekly template), not only this week"
        checked={everyWeek}
        onChange={(e) => setEveryWeek(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={save}>Save lesson</Button>
      </Group>
    </Stack>
  )
}

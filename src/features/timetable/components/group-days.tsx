import './styles'
import { lazy, Suspense, useCallback, useState } from 'react'
import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { NARROW_QUERY } from '@/lib/navigation/model'
import { runTask } from '@/components/feedback/task'
import { useAuthMember } from '@/lib/auth/use-auth'
import {
  editModeActions,
  pendingCount,
  topicValuesOf,
  applyPending,
  overtakenEdits,
  type TopicValues,
} from '../logic/edit-mode'
import { topicName } from '../logic/topic-choices'
import type { Session, WeekDays } from '../logic/types'
import { schoolDaysOf } from '@/lib/time/week'
import { useEditMode } from '../hooks/use-edit-mode'
import { useGroupWeek, useItemCounts } from '../hooks/use-group-week'
import { useWeekTrips } from '../hooks/use-week-trips'
import { tripsOnDay } from '../logic/week-trips'
import { useTimetableLookups } from '../hooks/use-lookups'
import { useTimetableWriter } from '../hooks/use-timetable-writer'
import { lessonKey } from '@sync/contract/collections/timetables'
import { WeekGrid } from './week-grid'
import { EditToolbar } from './edit-toolbar'
import { SessionCard } from './session-card'
import { SessionDialog } from './session-dialog'
import { WeekNav } from './week-nav'
import { WeekRegister, dayOfSession } from './week-register'

// The subgroups of a mixed-group lesson load with the first week that has one (L01).
const MixedLessonParts = lazy(() => import('./mixed-lessons/mixed-lesson-parts'))

/** The day and date of a lesson of the week, from the day that holds it. */
const lessonDayOf = (weekKey: string, days: WeekDays, sessionId: string) =>
  schoolDaysOf(weekKey).find(({ day }) => days[day].some((s) => s.id === sessionId)) ?? null

/** The date of a lesson of the week, from the day that holds it. */
const lessonDateOf = (weekKey: string, days: WeekDays, sessionId: string) =>
  schoolDaysOf(weekKey).find(({ day }) => days[day].some((s) => s.id === sessionId))?.date ?? null

/** The edit bar's place while the week scrolls under it. */
const barStyle = (edge: 'top' | 'bottom') =>
  ({
    position: 'sticky',
    [edge]: edge === 'top' ? 'var(--app-shell-header-height, 56px)' : 0,
    zIndex: 5,
    background: 'var(--mantine-color-body)',
    paddingBlock: 'var(--mantine-spacing-xs)',
    [edge === 'top' ? 'borderBottom' : 'borderTop']:
      '1px solid var(--mantine-color-default-border)',
  }) as const

/** A group's week, Monday to Friday, with edit mode for the lessons' topics. */
export function GroupDays({
  groupId,
  weekKey,
  onWeek,
}: {
  groupId: string
  weekKey: string
  onWeek(w: string): void
}) {
  const lookups = useTimetableLookups()
  const week = useGroupWeek(groupId, weekKey)
  const trips = useWeekTrips()
  const counts = useItemCounts()
  const [edit, dispatch] = useEditMode(groupId, weekKey)
  const writer = useTimetableWriter()
  const member = useAuthMember()
  const [open, setOpen] = useState<Session | null>(null)
  const [saving, setSaving] = useState(false)
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  // One set of handlers for every lesson, unchanged by an edit: a topic chosen redraws only its
  // own lesson and the counter, not the week's forty cards.
  const weekDays = week?.days
  const topics = lookups?.topics
  const editTopics = useCallback(
    (s: Session, change: Partial<TopicValues>) => {
      const stored = Object.values(weekDays ?? {})
        .flat()
        .find((x) => x.id === s.id)
      dispatch(editModeActions.edit(s.id, change, topicValuesOf(stored ?? s)))
    },
    [weekDays, dispatch],
  )
  const setTopic = useCallback(
    (s: Session, topicId: string | null) =>
      editTopics(s, {
        topicId,
        topic: topicName(topics ?? [], topicId),
        subtopicId: null,
        subtopic: null,
      }),
    [editTopics, topics],
  )
  const setSubtopic = useCallback(
    (s: Session, subtopicId: string | null) =>
      editTopics(s, { subtopicId, subtopic: topicName(topics ?? [], subtopicId) }),
    [editTopics, topics],
  )
  const cancelOne = useCallback(
    (s: Session) => dispatch(editModeActions.cancelOne(s.id)),
    [dispatch],
  )
  if (!lookups || !week) return <Text c="dimmed">Loading the timetable…</Text>
  const group = lookups.groups.find((g) => g.id === groupId)
  const groupName = group?.name ?? week.groupName
  const days = applyPending(week.days, edit)
  const overtaken = overtakenEdits(week.days, edit)

  const save = async () => {
    setSaving(true)
    await runTask(
      { running: 'Updating calendar', done: 'Success! Calendar updated', local: true },
      async () => {
        await writer.saveEdits({ groupId, groupName, weekKey, state: edit })
        dispatch(editModeActions.saved(edit.pending))
      },
    )
    setSaving(false)
  }

  const toolbar = (
    <EditToolbar
      editing={edit.editing}
      pending={pendingCount(edit)}
      saving={saving}
      onStart={() => dispatch(editModeActions.start())}
      onSave={save}
      onDiscard={() => dispatch(editModeActions.discard())}
    />
  )

  return (
    <Stack gap="md">
      {/* Save and the count stay in view while the week scrolls: under the header on a wide
          screen, at the bottom of a phone's screen, where the thumb is. */}
      <Group
        justify="space-between"
        wrap="wrap"
        style={edit.editing && !narrow ? barStyle('top') : undefined}
      >
        <Title order={1} size="h2">
          {groupName}
        </Title>
        {!(narrow && edit.editing) && toolbar}
      </Group>
      <WeekNav weekKey={weekKey} onChange={onWeek} />
      <WeekRegister groupId={groupId} weekKey={weekKey} lookups={lookups} />
      {overtaken.length > 0 && (
        <Alert color="yellow" title="Someone else changed these lessons">
          {overtaken.length} of your unsaved changes are for lessons whose topic was changed on
          another device since you edited them. Saving will replace their change with yours.
        </Alert>
      )}
      {week.source === 'none' && <Text c="dimmed">This group has no timetable yet.</Text>}
      <WeekGrid
        weekKey={weekKey}
        days={days}
        lookups={lookups}
        tripsOn={(date) =>
          tripsOnDay(
            trips,
            date,
            lookups.groups.filter((g) => g.id === groupId),
            false,
          )
        }
        renderSession={(s) => {
          const when = s.mainMixedGroupId ? lessonDayOf(weekKey, days, s.id) : null
          return (
            <>
              <SessionCard
                session={s}
                lookups={lookups}
                counts={counts[lessonKey(weekKey, s.id)]}
                editing={edit.editing}
                changed={!!edit.pending[s.id]}
                facilitatorId={member?.facilitatorId ?? null}
                onOpen={setOpen}
                onTopic={setTopic}
                onSubtopic={setSubtopic}
                onCancel={cancelOne}
              />
              {s.mainMixedGroupId && when && (
                <Suspense fallback={null}>
                  <MixedLessonParts
                    place={{
                      mainMixedGroupId: s.mainMixedGroupId,
                      weekKey,
                      day: when.day,
                      timingId: s.timingId,
                    }}
                    date={when.date}
                    sessionId={s.id}
                    group={{ id: groupId, name: groupName }}
                    lookups={lookups}
                  />
                </Suspense>
              )}
            </>
          )
        }}
      />
      {narrow && edit.editing && <Box style={barStyle('bottom')}>{toolbar}</Box>}
      {open && (
        <SessionDialog
          session={
            Object.values(days)
              .flat()
              .find((s) => s.id === open.id) ?? open
          }
          groupId={groupId}
          weekKey={weekKey}
          lessonDate={lessonDateOf(weekKey, days, open.id)}
          lookups={lookups}
          date={dayOfSession(weekKey, days, open.id)}
          onClose={() => setOpen(null)}
          onTopic={(t) => {
            if (!edit.editing) dispatch(editModeActions.start())
            setTopic(open, t)
          }}
          onSubtopic={(t) => setSubtopic(open, t)}
        />
      )}
    </Stack>
  )
}

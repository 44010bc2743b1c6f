import { useState } from 'react'
import { Button, Modal, Paper, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { SubgroupLesson } from '@sync/rules/mixed-groups/lessons'
import { useAuthMember } from '@/lib/auth/use-auth'
import type { TimetableLookups } from '../../hooks/use-lookups'
import {
  useMixedLesson,
  useMixedLessonWriter,
  type MixedLessonPlace,
} from '../../hooks/use-mixed-lessons'
import { MixedLessonFormView } from './mixed-lesson-form'

export interface MixedLessonPartsProps {
  place: MixedLessonPlace
  date: string
  sessionId: string
  group: { id: string; name: string }
  lookups: TimetableLookups
}

const partTitle = (p: SubgroupLesson) => `${p.subgroup.facilitator} - ${p.subgroup.subject}`

/**
 * Under a lesson that a combined mixed group takes (L01): the subgroups this group's children
 * are in, each with its own topic, subtopic and details for the week. The subgroup's facilitator
 * (and a facilitator admin) edits them, offline like the rest of the week.
 */
export default function MixedLessonParts(props: MixedLessonPartsProps) {
  const view = useMixedLesson(props.place, props.group.id)
  const member = useAuthMember()
  const writer = useMixedLessonWriter()
  const [editing, setEditing] = useState<SubgroupLesson | null>(null)
  if (!view) return null
  const canEdit = (p: SubgroupLesson) =>
    !!member &&
    (member.isFacilitatorAdmin ||
      (!!member.facilitatorId && member.facilitatorId === p.subgroup.facilitatorId))
  return (
    <Paper
      withBorder
      p="xs"
      mt={4}
      radius="sm"
      bg="var(--mantine-color-gray-light)"
      data-testid="mixed-lesson"
      role="group"
      aria-label={`Mixed group ${view.name}`}
    >
      <Stack gap={6}>
        <Text size="xs" fw={600}>
          Mixed group: {view.name}
        </Text>
        {view.parts.length === 0 && (
          <Text size="xs" c="dimmed">
            None of this group&apos;s children is in a subgroup.
          </Text>
        )}
        {view.parts.map((p) => (
          <Stack key={p.subgroupId} gap={2} data-testid="subgroup-lesson" aria-label={partTitle(p)}>
            <Text size="sm" fw={600}>
              {partTitle(p)}
              {p.subgroup.classroom ? ` · ${p.subgroup.classroom}` : ''}
            </Text>
            <Text size="sm" data-testid="subgroup-topic">
              {p.lesson?.topic
                ? `${p.lesson.topic}${p.lesson.subtopic ? ` — ${p.lesson.subtopic}` : ''}`
                : 'No topic yet'}
            </Text>
            {p.lesson?.details && (
              <Text size="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="subgroup-details">
                {p.lesson.details}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {p.children.map((c) => c.name).join(', ')}
            </Text>
            {canEdit(p) && (
              <Button
                size="compact-xs"
                variant="light"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => setEditing(p)}
                aria-haspopup="dialog"
                aria-label={`Edit lesson of ${partTitle(p)}`}
              >
                Edit lesson
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
      {editing && (
        <Modal
          opened
          onClose={() => setEditing(null)}
          title={`${partTitle(editing)} · ${view.name}`}
        >
          <MixedLessonFormView
            part={editing}
            lookups={props.lookups}
            onSave={async (values) => {
              await writer.save({
                place: props.place,
                date: props.date,
                subgroupId: editing.subgroupId,
                subgroup: editing.subgroup,
                sessionId: props.sessionId,
                group: props.group,
                values,
              })
              setEditing(null)
              notifications.show({
                color: 'teal',
                message: navigator.onLine
                  ? 'Subgroup lesson saved.'
                  : 'Subgroup lesson saved on this device; it is sent when you are online.',
              })
            }}
          />
        </Modal>
      )}
    </Paper>
  )
}

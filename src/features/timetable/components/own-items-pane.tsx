import './styles'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useOwnItems, type LessonItem } from '../hooks/use-lesson-items'
import { useTimetableWriter } from '../hooks/use-timetable-writer'
import { AssignmentForm, type AssignmentData } from './assignment-form'
import { ResourceForm, type ResourceData } from './resource-form'

const labels = {
  assignment: { title: 'Assignments', one: 'assignment', empty: 'You have no assignments yet.' },
  resource: { title: 'Resources', one: 'resource', empty: 'You have no resources yet.' },
}

function Item({ item }: { item: LessonItem }) {
  if (item.kind === 'comment') return <Text size="sm">{item.data.text}</Text>
  if (item.kind === 'assignment')
    return (
      <>
        <Text fw={600}>{item.data.title}</Text>
        {item.data.description && <Text size="sm">{item.data.description}</Text>}
      </>
    )
  if (item.kind !== 'resource') return null
  const d = item.data
  return (
    <>
      {typeof d.link === 'string' ? (
        <Anchor href={d.link} target="_blank" rel="noreferrer" fw={600}>
          {String(d.description || d.link)}
        </Anchor>
      ) : (
        <Text fw={600}>{String(d.description ?? '')}</Text>
      )}
      <Text size="xs" c="dimmed">
        {String(d.type ?? 'link')}
        {typeof d.fileExtension === 'string' ? ` · .${d.fileExtension}` : ''}
      </Text>
    </>
  )
}

/** The facilitator's own assignments or resources: listing, creating, editing, removing. */
export function OwnItemsPane({ kind }: { kind: 'assignment' | 'resource' }) {
  const member = useAuthMember()
  const items = useOwnItems(kind, member?.facilitatorId ?? null)
  const writer = useTimetableWriter()
  const [editing, setEditing] = useState<LessonItem | 'new' | null>(null)
  const [removing, setRemoving] = useState<LessonItem | null>(null)
  const label = labels[kind]
  const submit = async (data: AssignmentData | ResourceData) => {
    if (editing === 'new')
      await writer.addItem({
        kind,
        weekKey: null,
        sessionId: null,
        groupId: null,
        data,
      })
    else if (editing) await writer.updateItem(editing.id, { ...editing.data, ...data })
    setEditing(null)
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {label.title}
        </Title>
        <Button onClick={() => setEditing('new')}>New {label.one}</Button>
      </Group>
      {items.length === 0 && <Text c="dimmed">{label.empty}</Text>}
      {items.map((item) => (
        <Card key={item.id} withBorder data-testid="own-item">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Item item={item} />
              {item.lessonId && (
                <Text size="xs" c="dimmed">
                  Attached to a lesson
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => setEditing(item)}>
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setRemoving(item)}
              >
                Remove
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `New ${label.one}` : `Edit ${label.one}`}
      >
        {editing &&
          (kind === 'assignment' ? (
            <AssignmentForm
              initial={
                editing !== 'new' && editing.kind === 'assignment' ? editing.data : undefined
              }
              onSubmit={submit}
              submitLabel="Save"
            />
          ) : (
            <ResourceForm
              initial={editing !== 'new' && editing.kind === 'resource' ? editing.data : undefined}
              onSubmit={submit}
              submitLabel="Save"
            />
          ))}
      </Modal>
      <ConfirmDialog
        opened={!!removing}
        title={`Remove ${label.one}`}
        message={`Remove this ${label.one}? Lessons it is attached to will no longer show it.`}
        action="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await writer.removeItem(removing.id)
          setRemoving(null)
        }}
      />
    </Stack>
  )
}

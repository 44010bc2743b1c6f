import { useState } from 'react'
import { Button, Group, Select } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useOwnItems, type LessonItem } from '../hooks/use-lesson-items'

/**
 * Attaches one of the facilitator's own resources or assignments (made in the Resources or
 * Assignments pane) to this lesson: the lesson gets its own copy, so later edits of the
 * original do not change what the lesson showed.
 */
export function AttachOwnItem(props: {
  kind: 'resource' | 'assignment'
  onAttach(data: object): Promise<void>
}) {
  const member = useAuthMember()
  const own = useOwnItems(props.kind, member?.facilitatorId ?? null).filter((i) => !i.lessonId)
  const [chosen, setChosen] = useState<string | null>(null)
  if (own.length === 0) return null
  const label = (i: LessonItem) =>
    i.kind === 'assignment'
      ? i.data.title
      : i.kind === 'resource'
        ? (i.data.description ?? i.data.link ?? '')
        : ''
  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={
          props.kind === 'resource' ? 'Attach one of my resources' : 'Attach one of my assignments'
        }
        data={own.map((i) => ({ value: i.id, label: label(i) }))}
        value={chosen}
        onChange={setChosen}
        searchable
        style={{ flex: 1 }}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!chosen}
        onClick={async () => {
          const item = own.find((i) => i.id === chosen)
          if (!item) return
          await props.onAttach({ ...item.data, sourceId: item.id })
          setChosen(null)
        }}
      >
        Attach
      </Button>
    </Group>
  )
}

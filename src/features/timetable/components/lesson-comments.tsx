import { useState } from 'react'
import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { commentTimeLabel } from '../logic/comment-time'
import type { LessonItem } from '../hooks/use-lesson-items'
import type { TimetableLookups } from '../hooks/use-lookups'

export function LessonComments(props: {
  items: LessonItem[]
  lookups: TimetableLookups
  onAdd(text: string): Promise<void>
}) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const comments = props.items.filter((i) => i.kind === 'comment')
  const now = new Date()
  const add = async () => {
    if (!text.trim()) return setError('Write a comment')
    setError(null)
    await props.onAdd(text.trim())
    setText('')
  }
  return (
    <Stack gap="xs">
      {comments.length === 0 && (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      )}
      {comments.map((c) => (
        <Stack key={c.id} gap={0} data-testid="comment">
          <Text size="sm">{String(c.data.text ?? '')}</Text>
          <Text size="xs" c="dimmed">
            {(c.facilitatorId && props.lookups.facilitators[c.facilitatorId]?.name) || 'Staff'} ·{' '}
            {commentTimeLabel(c.createdAt, now)}
          </Text>
        </Stack>
      ))}
      <Textarea
        label="Add a comment"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={add}>
          Add comment
        </Button>
      </Group>
    </Stack>
  )
}

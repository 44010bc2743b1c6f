import { useState } from 'react'
import { Button, Group, Stack, TextInput } from '@mantine/core'
import { topicNameProblem } from '../logic/topic-choices'
import type { TopicFields } from '../hooks/use-topics-writer'

/** A topic's or subtopic's name and description, for adding one or changing it. */
export function TopicForm({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string
  initial?: TopicFields
  submitLabel: string
  onSubmit(fields: TopicFields): Promise<void>
  onCancel?(): void
}) {
  const [name, setName] = useState(initial?.name ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    const problem = topicNameProblem(name)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      await onSubmit({ name, description })
      setName('')
      setDescription('')
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void submit()
        }}
        error={error}
        maxLength={200}
        size="xs"
      />
      <TextInput
        label="Description (optional)"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        maxLength={1000}
        size="xs"
      />
      <Group gap="xs" justify="flex-end">
        {onCancel && (
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button size="compact-sm" onClick={() => void submit()} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  )
}

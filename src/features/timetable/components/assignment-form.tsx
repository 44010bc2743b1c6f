import { useState } from 'react'
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core'

export interface AssignmentData {
  title: string
  description?: string
  subjectId?: string | null
  topicId?: string | null
  subTopicId?: string | null
}

/** An assignment: a title and what to do; subject and topic come from the lesson (L08). */
export function AssignmentForm(props: {
  initial?: AssignmentData
  context?: Omit<AssignmentData, 'title'>
  onSubmit(data: AssignmentData): Promise<void>
  submitLabel?: string
}) {
  const [title, setTitle] = useState(props.initial?.title ?? '')
  const [description, setDescription] = useState(props.initial?.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    if (!title.trim()) return setError('Enter a title')
    setError(null)
    await props.onSubmit({
      ...props.context,
      ...props.initial,
      title: title.trim(),
      description: description.trim(),
    })
    if (!props.initial) {
      setTitle('')
      setDescription('')
    }
  }
  return (
    <Stack gap="xs">
      <TextInput
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={error}
        required
      />
      <Textarea
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit}>
          {props.submitLabel ?? 'Add assignment'}
        </Button>
      </Group>
    </Stack>
  )
}

import { useState } from 'react'
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core'
import { isIsoDate } from '@/lib/time/calendar-date'

export interface AssignmentData {
  title: string
  description?: string
  subjectId?: string | null
  topicId?: string | null
  subTopicId?: string | null
  dueDate?: string
}

/**
 * An assignment: a title and what to do; subject and topic come from the lesson (L08). Given in a
 * lesson (`defaultDue`), it asks when it is due, filled in with the lesson's next occurrence.
 */
export function AssignmentForm(props: {
  initial?: AssignmentData
  context?: Omit<AssignmentData, 'title'>
  onSubmit(data: AssignmentData): Promise<void>
  submitLabel?: string
  defaultDue?: string
}) {
  const [title, setTitle] = useState(props.initial?.title ?? '')
  const [description, setDescription] = useState(props.initial?.description ?? '')
  const [due, setDue] = useState(props.initial?.dueDate ?? props.defaultDue ?? '')
  const [error, setError] = useState<string | null>(null)
  const [dueError, setDueError] = useState<string | null>(null)
  const asksDue = props.defaultDue !== undefined
  const submit = async () => {
    const badTitle = !title.trim()
    const badDue = asksDue && !isIsoDate(due)
    setError(badTitle ? 'Enter a title' : null)
    setDueError(badDue ? 'Enter the date it is due' : null)
    if (badTitle || badDue) return
    await props.onSubmit({
      ...props.context,
      ...props.initial,
      title: title.trim(),
      description: description.trim(),
      ...(asksDue && { dueDate: due }),
    })
    if (!props.initial) {
      setTitle('')
      setDescription('')
      setDue(props.defaultDue ?? '')
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
      {asksDue && (
        <TextInput
          type="date"
          label="Due date"
          description="Filled in with this lesson's next occurrence"
          value={due}
          onChange={(e) => setDue(e.currentTarget.value)}
          error={dueError}
          required
        />
      )}
      <Group justify="flex-end">
        <Button size="xs" onClick={submit}>
          {props.submitLabel ?? 'Add assignment'}
        </Button>
      </Group>
    </Stack>
  )
}

import { useMemo } from 'react'
import { Alert, Button, Checkbox, Group, Select, Stack, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { NOTE_MAX } from '@sync/contract/collections/lesson-items'
import { aboutOf, noteFormSchema, type NoteForm } from '@sync/rules/classroom/note-form'
import { useSubmit } from '@/components/form/use-submit'
import type { Group as ClassGroup } from '../hooks/use-lookups'

export interface NoteComposerProps {
  groups: ClassGroup[]
  about: string
  onAbout(about: string): void
  onSave(form: NoteForm, groupId: string): Promise<void>
}

/** Writes a note about a student or a group; it is kept on the device and synced. */
export function NoteComposer({ groups, about, onAbout, onSave }: NoteComposerProps) {
  const validate = useMemo(() => schemaResolver(noteFormSchema, { sync: true }), [])
  const form = useForm<NoteForm>({
    initialValues: { about, text: '', share: false },
    validate,
  })
  const { busy, failure, attempt } = useSubmit()
  const choices = groups.map((g) => ({
    group: g.name,
    items: [
      { value: `group:${g.id}`, label: `The whole group (${g.name})` },
      ...g.students.map((s) => ({ value: `student:${s.id}`, label: `${s.name} (${g.name})` })),
    ],
  }))
  const groupOf = (value: string) => {
    const subject = aboutOf(value)
    if (!subject) return null
    if (subject.kind === 'group') return subject.id
    return groups.find((g) => g.students.some((s) => s.id === subject.id))?.id ?? null
  }
  const submit = form.onSubmit(async (input) => {
    const groupId = groupOf(input.about)
    if (!groupId) {
      form.setFieldError('about', 'Choose a student or a group')
      return
    }
    await attempt(async () => {
      await onSave(input, groupId)
      notifications.show({
        color: 'teal',
        message: navigator.onLine
          ? 'Note saved.'
          : 'Note saved on this device; it is sent when you are online.',
      })
      form.setValues({ text: '', share: false })
      form.resetDirty()
    })
  })
  const aboutGroup = aboutOf(form.values.about)?.kind === 'group'
  return (
    <form onSubmit={submit} noValidate aria-label="New note">
      <Stack gap="sm">
        <Select
          label="About"
          placeholder="Choose a student or a group"
          searchable
          allowDeselect={false}
          data={choices}
          {...form.getInputProps('about')}
          onChange={(value) => {
            form.setFieldValue('about', value ?? '')
            if (aboutOf(value ?? '')?.kind === 'group') form.setFieldValue('share', false)
            onAbout(value ?? '')
          }}
        />
        <Textarea
          label="Note"
          autosize
          minRows={3}
          maxLength={NOTE_MAX}
          {...form.getInputProps('text')}
        />
        <Checkbox
          label="Share with the child's family"
          description="Otherwise only facilitators and the office read it."
          disabled={aboutGroup}
          {...form.getInputProps('share', { type: 'checkbox' })}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save note
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Radio.css'
import { useMemo } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { FEEDBACK_COLOURS } from '@sync/contract/collections/feedback'
import type { FeedbackRow } from '@sync/engine/database'
import { FEEDBACK_COLOUR_WORDS } from '@sync/rules/feedback/colours'
import { useSubmit } from '@/components/form/use-submit'
import {
  studentFeedbackFormSchema,
  studentFeedbackInitial,
  studentFeedbackRow,
  type FeedbackContext,
  type StudentFeedbackValues,
} from '../logic/feedback-form'

export interface StudentFeedbackDialogProps {
  student: { id: string; name: string } | null
  existing: FeedbackRow | null
  context: FeedbackContext
  subjects: readonly { id: string; name: string }[]
  /** The group feedback of this group and term the entry may go with. */
  groupFeedback: readonly { id: string; label: string }[]
  onSave(row: FeedbackRow): Promise<void>
  newId(): string
  onClose(): void
}

/** The student feedback dialog (M04): title, feedback, group feedback and colour. */
export function StudentFeedbackDialog(props: StudentFeedbackDialogProps) {
  return (
    <Modal
      opened={!!props.student}
      onClose={props.onClose}
      title={props.student ? `Feedback for ${props.student.name}` : ''}
    >
      {props.student && <StudentFeedbackForm {...props} student={props.student} />}
    </Modal>
  )
}

function StudentFeedbackForm(
  props: StudentFeedbackDialogProps & { student: { id: string; name: string } },
) {
  const { student, existing, context } = props
  const validate = useMemo(() => schemaResolver(studentFeedbackFormSchema, { sync: true }), [])
  const form = useForm<StudentFeedbackValues>({
    initialValues: studentFeedbackInitial(existing, props.subjects[0]?.id ?? ''),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await props.onSave(studentFeedbackRow(values, student, context, existing, props.newId))
      notifications.show({
        color: 'teal',
        message: navigator.onLine
          ? 'Feedback saved.'
          : 'Feedback saved on this device; it is sent when you are online.',
      })
      props.onClose()
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Subject"
          disabled={!!existing}
          data={[
            { value: '', label: 'Choose a subject' },
            ...props.subjects.map((s) => ({ value: s.id, label: s.name })),
          ]}
          {...form.getInputProps('subjectId')}
        />
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea label="Feedback" autosize minRows={4} {...form.getInputProps('feedback')} />
        <NativeSelect
          label="Group feedback"
          data={[
            { value: '', label: 'None' },
            ...props.groupFeedback.map((g) => ({ value: g.id, label: g.label })),
          ]}
          {...form.getInputProps('groupFeedbackId')}
        />
        <Radio.Group label="Colour" {...form.getInputProps('color')}>
          <Group gap="md" mt={4}>
            {FEEDBACK_COLOURS.map((c) => (
              <Radio key={c} value={c} color={c} label={FEEDBACK_COLOUR_WORDS[c]} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          label="Not participating"
          {...form.getInputProps('notParticipating', { type: 'checkbox' })}
        />
        {existing?.status !== 'released' && (
          <Checkbox
            label="Ready for release to the family"
            {...form.getInputProps('ready', { type: 'checkbox' })}
          />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

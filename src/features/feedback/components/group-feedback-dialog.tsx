import '@mantine/core/styles/Modal.css'
import { useMemo } from 'react'
import { Alert, Button, Group, Modal, NativeSelect, Stack, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { FeedbackRow } from '@sync/engine/database'
import { useSubmit } from '@/components/form/use-submit'
import {
  groupFeedbackFormSchema,
  groupFeedbackInitial,
  groupFeedbackRow,
  type FeedbackContext,
  type GroupFeedbackValues,
} from '../logic/feedback-form'

export interface GroupFeedbackDialogProps {
  opened: boolean
  groupName: string
  existing: FeedbackRow | null
  context: FeedbackContext
  subjects: readonly { id: string; name: string }[]
  onSave(row: FeedbackRow): Promise<void>
  newId(): string
  onClose(): void
}

/** Group feedback (M02): what the group was to cover this term in a subject, and what it covered. */
export function GroupFeedbackDialog(props: GroupFeedbackDialogProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Group feedback for ${props.groupName}`}
    >
      {props.opened && <GroupFeedbackForm {...props} />}
    </Modal>
  )
}

function GroupFeedbackForm(props: GroupFeedbackDialogProps) {
  const validate = useMemo(() => schemaResolver(groupFeedbackFormSchema, { sync: true }), [])
  const form = useForm<GroupFeedbackValues>({
    initialValues: groupFeedbackInitial(props.existing, props.subjects[0]?.id ?? ''),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const submit = form.onSubmit(async (values) => {
    await attempt(async () => {
      await props.onSave(groupFeedbackRow(values, props.context, props.existing, props.newId))
      props.onClose()
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Subject"
          disabled={!!props.existing}
          data={[
            { value: '', label: 'Choose a subject' },
            ...props.subjects.map((s) => ({ value: s.id, label: s.name })),
          ]}
          {...form.getInputProps('subjectId')}
        />
        <Textarea
          label="Projected curriculum"
          autosize
          minRows={3}
          {...form.getInputProps('projectedCurriculum')}
        />
        <Textarea
          label="Covered curriculum"
          autosize
          minRows={3}
          {...form.getInputProps('coveredCurriculum')}
        />
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

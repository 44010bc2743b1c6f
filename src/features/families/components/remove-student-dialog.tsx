import '@mantine/core/styles/Modal.css'
import { Modal, Stack, Text, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { terminationSchema } from '@sync/rules/families/enrolment'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'

const validate = schemaResolver(terminationSchema, { sync: true })

export interface RemoveStudentDialogProps {
  student: { id: string; name: string; groupName: string } | null
  onRemove(studentId: string, notes: string): Promise<void>
  onClose(): void
}

/** The remove student dialog (I19): the enrolment ends, with notes on why. */
export function RemoveStudentDialog({ student, onRemove, onClose }: RemoveStudentDialogProps) {
  return (
    <Modal
      opened={student !== null}
      onClose={onClose}
      title={student ? `End ${student.name}'s enrolment` : ''}
    >
      {student && (
        <RemoveForm key={student.id} student={student} onRemove={onRemove} onClose={onClose} />
      )}
    </Modal>
  )
}

function RemoveForm({
  student,
  onRemove,
  onClose,
}: Omit<RemoveStudentDialogProps, 'student'> & {
  student: NonNullable<RemoveStudentDialogProps['student']>
}) {
  const form = useForm({ initialValues: { notes: '' }, validate })
  const { busy, failure, attempt } = useSubmit()
  const submit = form.onSubmit(async ({ notes }) => {
    await attempt(() => onRemove(student.id, notes))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {student.name} leaves {student.groupName}. Their record stays with the family, with these
          notes.
        </Text>
        <Textarea
          label="Termination notes"
          required
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <DialogActions
          busy={busy}
          failure={failure}
          submitLabel="End enrolment"
          danger
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

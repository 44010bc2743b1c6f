import '@mantine/core/styles/Modal.css'
import { useMemo } from 'react'
import { Modal, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { ABSENCE_REASON_MAX } from '@sync/contract/collections/lesson-items'
import { absenceReportSchema, type AbsenceReport } from '@sync/rules/classroom/absence-report'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'

export interface AbsenceReportDialogProps {
  opened: boolean
  today: string
  childrenOf: { id: string; name: string; groupId: string | null }[]
  onReport(report: AbsenceReport, groupId: string): Promise<void>
  onClose(): void
}

/** "Ira will be away on Friday": a family tells the facilitators ahead. */
export function AbsenceReportDialog({ opened, onClose, ...rest }: AbsenceReportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Report an absence">
      {opened && <ReportForm onClose={onClose} {...rest} />}
    </Modal>
  )
}

function ReportForm({
  today,
  childrenOf,
  onReport,
  onClose,
}: Omit<AbsenceReportDialogProps, 'opened'>) {
  const validate = useMemo(
    () => schemaResolver(absenceReportSchema(today), { sync: true }),
    [today],
  )
  const form = useForm<AbsenceReport>({
    initialValues: { studentId: childrenOf[0]?.id ?? '', date: '', reason: '' },
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const submit = form.onSubmit(async (input) => {
    const child = childrenOf.find((c) => c.id === input.studentId)
    if (!child?.groupId) {
      form.setFieldError('studentId', 'This child is not in a group yet')
      return
    }
    await attempt(async () => {
      await onReport(input, child.groupId!)
      notifications.show({
        color: 'teal',
        message: navigator.onLine
          ? `Thank you. The facilitators will know ${child.name} will be away.`
          : 'Thank you. Your report is kept on this phone and goes to the centre when you are online.',
      })
      onClose()
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Child"
          data={childrenOf.map((c) => ({ value: c.id, label: c.name }))}
          {...form.getInputProps('studentId')}
        />
        <TextInput label="Day away" type="date" min={today} {...form.getInputProps('date')} />
        <Textarea
          label="Reason (optional)"
          description="The facilitators read it; for example a doctor's visit or a family trip."
          maxLength={ABSENCE_REASON_MAX}
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <DialogActions
          busy={busy}
          failure={failure}
          submitLabel="Report absence"
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

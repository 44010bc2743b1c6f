import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/NumberInput.css'
import { useMemo } from 'react'
import { Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { PaymentRow } from '@sync/engine/database'
import { uuidv7 } from '@sync/contract/ids'
import { rupees } from '@sync/rules/text'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'
import {
  ALL_CHILDREN,
  REPORT_OPTIONS,
  reportedRows,
  reportFormSchema,
  reportInitialValues,
  reportPeriods,
  suggestedAmount,
  tripReportedRow,
  tripReportInitialValues,
  type ReportContext,
  type ReportFormValues,
  type ReportResult,
  type TripReportContext,
} from '../logic/parents-report'
import type { TripFeeLine } from '../logic/trip-fees'

export interface ReportDialogProps {
  opened: boolean
  context: ReportContext
  onReport(rows: readonly PaymentRow[]): Promise<void>
  onClose(): void
}

/** "I have paid": the family says what they paid, and it waits for the centre to confirm it. */
export function ReportDialog({ opened, onClose, ...rest }: ReportDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Tell the centre you have paid">
      {opened && <ReportForm onClose={onClose} {...rest} />}
    </Modal>
  )
}

function ReportForm({ context, onReport, onClose }: Omit<ReportDialogProps, 'opened'>) {
  const { due, today } = context
  const validate = useMemo(() => schemaResolver(reportFormSchema(today), { sync: true }), [today])
  const form = useForm<ReportFormValues>({
    initialValues: reportInitialValues(due, today),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, send } = useReport(form, onReport, onClose)
  const values = form.getValues()
  const owing = due.children.filter((c) => c.toPay > 0)
  const all = values.target === ALL_CHILDREN
  const child = due.children.find((c) => c.studentId === values.target)
  const periods = child ? reportPeriods(child, today) : []

  const chooseTarget = (target: string) => {
    form.setFieldValue('target', target)
    if (target === ALL_CHILDREN) {
      form.setFieldValue('periodKey', ALL_CHILDREN)
      form.setFieldValue('amount', due.toPay)
      return
    }
    const chosen = due.children.find((c) => c.studentId === target)
    if (!chosen) return
    form.setFieldValue('periodKey', chosen.period.key)
    form.setFieldValue('amount', suggestedAmount(chosen, chosen.period) || '')
  }
  const choosePeriod = (key: string) => {
    form.setFieldValue('periodKey', key)
    const period = periods.find((p) => p.key === key)
    if (child && period) form.setFieldValue('amount', suggestedAmount(child, period) || '')
  }

  const submit = form.onSubmit((input) => send(reportedRows(input, context, uuidv7)))

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NativeSelect
          label="Payment for"
          data={[
            ...(owing.length > 1
              ? [
                  {
                    value: ALL_CHILDREN,
                    label: `Everything due (${owing.map((c) => c.name).join(', ')})`,
                  },
                ]
              : []),
            ...due.children.map((c) => ({ value: c.studentId, label: c.name })),
          ]}
          {...form.getInputProps('target')}
          onChange={(e) => chooseTarget(e.currentTarget.value)}
        />
        {all ? (
          <Text size="sm">
            {owing.map((c) => `${c.name}, ${c.period.label}: ${rupees(c.toPay)}`).join('; ')}
          </Text>
        ) : (
          <NativeSelect
            label="Period"
            data={periods.map((p) => ({ value: p.key, label: p.label }))}
            {...form.getInputProps('periodKey')}
            onChange={(e) => choosePeriod(e.currentTarget.value)}
          />
        )}
        <PaidFields
          form={form}
          today={today}
          amountFixed={all ? 'The whole amount due, one report per child.' : undefined}
        />
        <DialogActions
          busy={busy}
          failure={failure}
          submitLabel="Report payment"
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

/** Writes what the form describes, thanks the family, and closes; or shows why not. */
function useReport(
  form: UseFormReturnType<ReportFormValues>,
  onReport: (rows: readonly PaymentRow[]) => Promise<void>,
  onClose: () => void,
) {
  const { busy, failure, setFailure, attempt } = useSubmit()
  /** `fields`: the form's fields on screen; a message for any other is shown above the buttons. */
  const send = async (result: ReportResult, fields?: readonly string[]) => {
    if (!result.ok) {
      const elsewhere = fields
        ? Object.entries(result.errors).find(([field]) => !fields.includes(field))
        : undefined
      if (elsewhere) setFailure(elsewhere[1])
      form.setErrors(result.errors)
      return
    }
    await attempt(async () => {
      await onReport(result.rows)
      notifications.show({
        color: 'teal',
        message: navigator.onLine
          ? 'Thank you. The centre will confirm your payment.'
          : 'Thank you. Your report is kept on this phone and goes to the centre when you are online.',
      })
      onClose()
    })
  }
  return { busy, failure, send }
}

const PAID_FIELDS = ['amount', 'paymentDate', 'paymentOption', 'reference'] as const

/** What was paid, when, how, and the transaction's reference. */
function PaidFields({
  form,
  today,
  amountFixed,
}: {
  form: UseFormReturnType<ReportFormValues>
  today: string
  /** Why the amount cannot be changed, when it cannot. */
  amountFixed?: string
}) {
  return (
    <>
      <NumberInput
        label="Amount paid (₹)"
        inputMode="numeric"
        hideControls
        allowNegative={false}
        readOnly={amountFixed !== undefined}
        description={amountFixed}
        {...form.getInputProps('amount')}
      />
      <TextInput label="Date paid" type="date" max={today} {...form.getInputProps('paymentDate')} />
      <NativeSelect
        label="Paid by"
        data={[...REPORT_OPTIONS]}
        {...form.getInputProps('paymentOption')}
      />
      <TextInput
        label="Transaction reference"
        description="The UPI reference (UTR) your app shows after paying, or the bank's transaction number."
        autoComplete="off"
        maxLength={100}
        {...form.getInputProps('reference')}
      />
    </>
  )
}

export interface TripReportDialogProps {
  /** The trip fee reported; null: the dialog is closed. */
  line: TripFeeLine | null
  context: TripReportContext
  onReport(rows: readonly PaymentRow[]): Promise<void>
  onClose(): void
}

/** "I have paid" for one child's field trip fee: waits for the office to confirm it, as a fee does. */
export function TripReportDialog({ line, onClose, ...rest }: TripReportDialogProps) {
  return (
    <Modal opened={line !== null} onClose={onClose} title="Tell the centre you have paid">
      {line && <TripReportForm key={line.key} line={line} onClose={onClose} {...rest} />}
    </Modal>
  )
}

function TripReportForm({
  line,
  context,
  onReport,
  onClose,
}: Omit<TripReportDialogProps, 'line'> & { line: TripFeeLine }) {
  const { today } = context
  const validate = useMemo(() => schemaResolver(reportFormSchema(today), { sync: true }), [today])
  const form = useForm<ReportFormValues>({
    initialValues: tripReportInitialValues(line, today),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, send } = useReport(form, onReport, onClose)
  const submit = form.onSubmit((input) =>
    send(tripReportedRow(input, line, context, uuidv7()), PAID_FIELDS),
  )
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" data-testid="trip-report-for">
          Field Trip: {line.title} · {line.studentName} · {rupees(line.due)} due
        </Text>
        <PaidFields form={form} today={today} />
        <DialogActions
          busy={busy}
          failure={failure}
          submitLabel="Report payment"
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

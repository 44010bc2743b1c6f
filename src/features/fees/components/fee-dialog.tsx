import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/NumberInput.css'
import { useMemo } from 'react'
import {
  Checkbox,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { FEE_TYPES, type FeeType } from '@sync/rules/fees/rules'
import { rupees } from '@sync/rules/text'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'
import {
  feeFormDefaults,
  feeFormFromReport,
  feeFormSchema,
  PAYMENT_OPTION_CHOICES,
  withFeeType,
  withPeriod,
  type FeeFormContext,
  type FeeFormInput,
  type FeeFormValues,
} from '../logic/fee-form'
import { pendingForPeriod, periodChoices, periodTotal, yearTotalWith } from '@sync/rules/fees/cover'
import type { FeeFamily, FeeStudent } from '../logic/office-fees'
import { NO_EMAIL_ADDRESS } from '../logic/payment-rows'

const validate = schemaResolver(feeFormSchema, { sync: true })

export interface FeeDialogProps {
  student: FeeStudent
  family: FeeFamily
  payments: readonly PaymentLike[]
  today: string
  /** A family's report to confirm: the dialog starts from it. */
  report?: PaymentLike
  onSave(values: FeeFormValues): Promise<void>
  onClose(): void
}

/** The fee payment dialog (J03, J04, J06–J08): a student's fee for a period, and its receipt. */
export function FeeDialog(props: FeeDialogProps & { opened: boolean }) {
  const { opened, ...rest } = props
  const title = rest.report
    ? `Confirm the payment for ${rest.student.name}`
    : `Record a payment for ${rest.student.name}`
  return (
    <Modal opened={opened} onClose={rest.onClose} title={title} size="lg">
      {opened && <FeeForm {...rest} />}
    </Modal>
  )
}

function FeeForm({ student, family, payments, today, report, onSave, onClose }: FeeDialogProps) {
  const ctx: FeeFormContext = useMemo(
    () => ({
      studentId: student.id,
      monthlyFee: student.monthlyFee,
      // A report being confirmed does not count towards what it pays for.
      payments: payments.filter((p) => p.id !== report?.id),
      today,
      payer: family.guardianNames[0] ?? '',
      hasEmail: family.emails.length > 0,
    }),
    [student, family, payments, today, report],
  )
  const form = useForm<FeeFormInput>({
    initialValues: report ? feeFormFromReport(ctx, report) : feeFormDefaults(ctx),
    validate,
  })
  const { busy, failure, attempt } = useSubmit()
  const input = form.getValues()
  const periods = periodChoices(input.paymentType, today, report?.data.period)
  const period = periods.find((p) => p.key === input.periodKey) ?? periods[0]!
  const total = periodTotal(student.monthlyFee, period)
  const due = pendingForPeriod(ctx.payments, student.id, student.monthlyFee, period)
  const submit = form.onSubmit(async (values) => {
    await attempt(() => onSave(feeFormSchema.parse(values)))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <NativeSelect
            label="Fee type"
            required
            data={[...FEE_TYPES]}
            {...form.getInputProps('paymentType')}
            onChange={(e) =>
              form.setValues(withFeeType(ctx, input, e.currentTarget.value as FeeType))
            }
          />
          <NativeSelect
            label="Payment period"
            required
            data={periods.map((p) => ({ value: p.key, label: p.label }))}
            {...form.getInputProps('periodKey')}
            onChange={(e) => {
              const chosen = periods.find((p) => p.key === e.currentTarget.value)
              if (chosen) form.setValues(withPeriod(ctx, input, chosen))
            }}
          />
          <NativeSelect
            label="Payment option"
            required
            data={PAYMENT_OPTION_CHOICES}
            {...form.getInputProps('paymentOption')}
          />
          <TextInput
            label="Received from"
            required
            autoComplete="off"
            {...form.getInputProps('receivedFrom')}
          />
          <NumberInput
            label="Amount (₹)"
            required
            min={0}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            description={`The period's fee is ${rupees(total)}; ${rupees(due)} is still due.`}
            {...form.getInputProps('paymentAmount')}
          />
          <TextInput
            label="Payment date"
            type="date"
            required
            {...form.getInputProps('paymentDate')}
          />
          <TextInput
            label="UPI or bank reference"
            autoComplete="off"
            description="The UPI transaction number or the bank's reference, if there is one."
            {...form.getInputProps('reference')}
          />
        </SimpleGrid>
        <FeeFacts
          monthlyFee={student.monthlyFee}
          paidThisYear={yearTotalWith(ctx.payments, student.id, period, input.paymentAmount)}
        />
        <Checkbox
          label="E-mail the receipt to the family"
          disabled={family.emails.length === 0}
          description={
            family.emails.length === 0 ? NO_EMAIL_ADDRESS : `To ${family.emails.join(', ')}`
          }
          styles={{ description: { overflowWrap: 'anywhere' } }}
          {...form.getInputProps('sendEmail', { type: 'checkbox' })}
        />
        <DialogActions
          busy={busy}
          failure={failure}
          failureTitle="The payment was not saved"
          submitLabel={report ? 'Confirm payment' : 'Save payment'}
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

/** What the office reads while it records a payment: figures, not boxes to fill in. */
function FeeFacts({ monthlyFee, paidThisYear }: { monthlyFee: number; paidThisYear: number }) {
  const fact = (label: string, value: string, note?: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </div>
  )
  return (
    <Paper bg="gray.0" p="xs" radius="sm" role="group" aria-label="This student's fees">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fact(
          "Student's monthly fee",
          rupees(monthlyFee),
          monthlyFee > 0 ? undefined : 'No fee tariff: the fee is 0.',
        )}
        {fact('Paid this fee year, with this payment', rupees(paidThisYear))}
      </SimpleGrid>
    </Paper>
  )
}

import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/NumberInput.css'
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { rupees } from '@sync/rules/text'
import { daySpanText } from '@/lib/time/centre-format'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'
import { PAYMENT_OPTION_CHOICES } from '../logic/fee-form'
import type { FeeFamily } from '../logic/office-fees'
import { NO_EMAIL_ADDRESS } from '../logic/payment-rows'
import {
  tripFeeFormDefaults,
  tripFeeFormSchema,
  type TripFeeFormInput,
  type TripFeeFormValues,
  type TripFeeLine,
} from '../logic/trip-fees'

const validate = schemaResolver(tripFeeFormSchema, { sync: true })

/**
 * The office's field trip fees (issue 34): each student who goes on a trip with a fee and has not
 * paid it yet, with a button that records it paid. Paid ones are counted, not listed: the
 * student's payments list them.
 */
export function OfficeTripFees({
  lines,
  onRecord,
}: {
  lines: readonly TripFeeLine[]
  onRecord(line: TripFeeLine): void
}) {
  if (lines.length === 0) return null
  const open = lines.filter((l) => l.standing !== 'paid')
  const paid = lines.length - open.length
  return (
    <section aria-labelledby="trip-fees" data-testid="trip-fees">
      <Title order={2} size="h4" id="trip-fees" mb={6}>
        Field trip fees
      </Title>
      <Text size="sm" c="dimmed" mb={6}>
        {paid} of {lines.length} paid. A trip&apos;s fee is not part of the monthly or term fees.
      </Text>
      {open.length === 0 ? (
        <Text size="sm">Every trip fee is paid.</Text>
      ) : (
        <Stack gap={6} role="list" aria-labelledby="trip-fees">
          {open.map((l) => (
            <Paper
              withBorder
              radius="sm"
              p="xs"
              role="listitem"
              key={l.key}
              data-testid="trip-fee-due"
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>
                    {l.studentName}: Field Trip, {l.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {daySpanText(l.startDate, l.endDate)} · {rupees(l.due)} due
                    {l.paid > 0 ? ` (${rupees(l.paid)} paid)` : ''}
                    {l.standing === 'reported' ? ' · the family reported a payment' : ''}
                  </Text>
                </div>
                <Button
                  size="xs"
                  onClick={() => onRecord(l)}
                  aria-label={`Record ${l.title} paid for ${l.studentName}`}
                >
                  Record paid
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  )
}

export interface TripFeeDialogProps {
  line: TripFeeLine
  family: FeeFamily
  today: string
  report?: PaymentLike
  onSave(values: TripFeeFormValues): Promise<void>
  onClose(): void
}

/** Records a student's trip fee paid: how, when, by whom, and whether the receipt is e-mailed. */
export function TripFeeDialog(props: TripFeeDialogProps & { opened: boolean }) {
  const { opened, ...rest } = props
  return (
    <Modal
      opened={opened}
      onClose={rest.onClose}
      title={`${rest.line.title}: the trip fee for ${rest.line.studentName}`}
      size="lg"
    >
      {opened && <TripFeeForm {...rest} />}
    </Modal>
  )
}

function TripFeeForm({ line, family, today, report, onSave, onClose }: TripFeeDialogProps) {
  const form = useForm<TripFeeFormInput>({
    initialValues: report
      ? {
          ...tripFeeFormDefaults(line, family, report.data.paymentDate),
          paymentOption: report.data.paymentOption,
          receivedFrom: report.data.receivedFrom,
          amount: report.data.amount,
          reference: report.data.reference ?? '',
        }
      : tripFeeFormDefaults(line, family, today),
    validate,
  })
  const { busy, failure, attempt } = useSubmit()
  const submit = form.onSubmit(async (values) => {
    await attempt(() => onSave(tripFeeFormSchema.parse(values)))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {daySpanText(line.startDate, line.endDate)} · the fee is {rupees(line.fee)} per student;{' '}
          {rupees(line.due)} is still due. It counts in the fee year {line.feeYear}, apart from the
          monthly or term fees.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
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
            {...form.getInputProps('amount')}
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
            {...form.getInputProps('reference')}
          />
        </SimpleGrid>
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

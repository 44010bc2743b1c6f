import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/NumberInput.css'
import {
  Checkbox,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { CONTRIBUTION_TYPES } from '@sync/rules/fees/rules'
import { PAYMENT_OPTION_CHOICES } from '../logic/fee-form'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'
import {
  contributionFormDefaults,
  contributionFormFromReport,
  contributionFormSchema,
  type ContributionFormInput,
  type ContributionFormValues,
} from '../logic/contribution-form'
import type { FeeFamily } from '../logic/office-fees'
import { NO_EMAIL_ADDRESS } from '../logic/payment-rows'

const validate = schemaResolver(contributionFormSchema, { sync: true })

export interface ContributionDialogProps {
  families: readonly FeeFamily[]
  /** The family it is for, when begun from one. */
  familyId: string
  payments: readonly PaymentLike[]
  today: string
  report?: PaymentLike
  onSave(values: ContributionFormValues, family: FeeFamily): Promise<void>
  onClose(): void
}

/** The contribution dialog (J10, J11): a family's contribution and its receipt. */
export function ContributionDialog(props: ContributionDialogProps & { opened: boolean }) {
  const { opened, ...rest } = props
  return (
    <Modal
      opened={opened}
      onClose={rest.onClose}
      title={rest.report ? 'Confirm the contribution' : 'Record a contribution'}
      size="lg"
    >
      {opened && <ContributionForm {...rest} />}
    </Modal>
  )
}

function ContributionForm({
  families,
  familyId,
  payments,
  today,
  report,
  onSave,
  onClose,
}: ContributionDialogProps) {
  const familyOf = (id: string) => families.find((f) => f.id === id)
  const startsWith = (id: string) => {
    const family = familyOf(id)
    return contributionFormDefaults({
      familyId: id,
      payments,
      today,
      payer: family?.guardianNames[0] ?? '',
      hasEmail: (family?.emails.length ?? 0) > 0,
    })
  }
  const form = useForm<ContributionFormInput>({
    initialValues: report
      ? contributionFormFromReport(report, (familyOf(report.family_id)?.emails.length ?? 0) > 0)
      : startsWith(familyId),
    validate,
  })
  const { busy, failure, attempt } = useSubmit()
  const input = form.getValues()
  const family = familyOf(input.familyId)
  const emails = family?.emails ?? []
  const submit = form.onSubmit(async (values) => {
    const chosen = familyOf(values.familyId)
    if (!chosen) return
    await attempt(() => onSave(contributionFormSchema.parse(values), chosen))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <NativeSelect
            label="Family"
            required
            disabled={!!report}
            data={[
              { value: '', label: 'Please select' },
              ...families.map((f) => ({ value: f.id, label: f.name })),
            ]}
            {...form.getInputProps('familyId')}
            // Another family: its guardian pays, and its address gets the receipt.
            onChange={(e) =>
              form.setValues({ ...startsWith(e.currentTarget.value), amount: input.amount })
            }
          />
          <NativeSelect
            label="Contribution type"
            required
            data={[...CONTRIBUTION_TYPES]}
            {...form.getInputProps('contributionType')}
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
            label="Received from"
            required
            autoComplete="off"
            {...form.getInputProps('receivedFrom')}
          />
          <NativeSelect
            label="Payment option"
            required
            data={PAYMENT_OPTION_CHOICES}
            {...form.getInputProps('paymentOption')}
          />
          <TextInput
            label="UPI or bank reference"
            autoComplete="off"
            description="The UPI transaction number or the bank's reference, if there is one."
            {...form.getInputProps('reference')}
          />
        </SimpleGrid>
        <Checkbox
          label="E-mail the receipt to the family"
          disabled={emails.length === 0}
          description={
            !family
              ? 'Choose the family first.'
              : emails.length === 0
                ? NO_EMAIL_ADDRESS
                : `To ${emails.join(', ')}`
          }
          styles={{ description: { overflowWrap: 'anywhere' } }}
          {...form.getInputProps('sendEmail', { type: 'checkbox' })}
        />
        <DialogActions
          busy={busy}
          failure={failure}
          failureTitle="The contribution was not saved"
          submitLabel={report ? 'Confirm contribution' : 'Save contribution'}
          onCancel={onClose}
        />
      </Stack>
    </form>
  )
}

import '@mantine/core/styles/NumberInput.css'
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { PAYMENT_OPTIONS } from '@sync/contract/fee-kinds'
import { paymentDefaults } from '../logic/step-defaults'
import type { StepFormValues } from '../logic/step-form'
import { ChildSelect } from './step-selects'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

const money = {
  min: 0,
  allowNegative: false,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  hideControls: true,
} as const

const OPTIONS = [
  { value: '', label: 'Choose how it was paid' },
  ...PAYMENT_OPTIONS.map((o) => ({ value: o, label: o })),
]

/**
 * H37, issue 40: the child whose admission fee and deposit arrived, the amounts received (from
 * the admission, changed when less arrived), the day, how (no default), who paid and the
 * reference. Each amount becomes a payment of the family with its receipt.
 */
export function PaymentFields({ form, data, today }: { form: Form; data: Data; today: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="admissionPayment"
        onChoose={(child) => {
          const { paymentOption, reference, paymentDate, receivedFrom } =
            form.getValues().admissionPayment
          form.setFieldValue('admissionPayment', {
            ...paymentDefaults(data, child, today),
            paymentOption,
            reference,
            paymentDate,
            receivedFrom,
          })
        }}
      />
      <TextInput
        label="Received on"
        type="date"
        required
        max={today}
        {...form.getInputProps('admissionPayment.paymentDate')}
      />
      <NumberInput
        label="Admission fee received (₹)"
        required
        {...money}
        {...form.getInputProps('admissionPayment.admissionFee')}
      />
      <NumberInput
        label="Deposit received (₹)"
        description="Refundable: held until the child leaves"
        required
        {...money}
        {...form.getInputProps('admissionPayment.depositFee')}
      />
      <NativeSelect
        label="Payment option"
        required
        data={OPTIONS}
        {...form.getInputProps('admissionPayment.paymentOption')}
      />
      <TextInput
        label="Received from"
        required
        autoComplete="off"
        maxLength={200}
        {...form.getInputProps('admissionPayment.receivedFrom')}
      />
      <TextInput
        label="UPI or bank reference"
        autoComplete="off"
        description="The UPI transaction number or the bank's reference, if there is one."
        {...form.getInputProps('admissionPayment.reference')}
      />
    </SimpleGrid>
  )
}

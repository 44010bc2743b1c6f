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
import {
  emptyEnrolForm,
  enrolFormSchema,
  type EnrolFormValues,
} from '@sync/rules/families/enrolment'
import { GENDERS } from '@sync/rules/families/profile'
import { DialogActions } from '@/components/form/dialog-actions'
import { useSubmit } from '@/components/form/use-submit'
import type { GroupOption, TariffOption } from '../logic/office'

const validate = schemaResolver(enrolFormSchema, { sync: true })

export interface EnrolDialogProps {
  opened: boolean
  familyName: string
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
  onEnrol(values: EnrolFormValues): Promise<void>
  onClose(): void
}

/**
 * The enrol student dialog (I17): the child, the first day, the group, a trial, the fees and the
 * tariff.
 */
export function EnrolDialog({ opened, familyName, ...rest }: EnrolDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={rest.onClose}
      title={`Enrol a student in the ${familyName} family`}
      size="lg"
    >
      {opened && <EnrolForm familyName={familyName} {...rest} />}
    </Modal>
  )
}

function EnrolForm({
  familyName,
  groups,
  tariffs,
  onEnrol,
  onClose,
}: Omit<EnrolDialogProps, 'opened'>) {
  const form = useForm({
    initialValues: emptyEnrolForm(familyName),
    validate,
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const chooseGroup = (groupId: string) => {
    const tariff = groups.find((g) => g.id === groupId)?.feeTariffId
    form.setFieldValue('groupId', groupId)
    // The group's own tariff, until the office chooses another.
    if (tariff && tariffs.some((t) => t.id === tariff)) form.setFieldValue('feeTariffId', tariff)
  }
  const submit = form.onSubmit(async (values) => {
    await attempt(() => onEnrol(enrolFormSchema.parse(values)))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            required
            autoComplete="off"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            required
            autoComplete="off"
            {...form.getInputProps('lastName')}
          />
          <TextInput label="Date of birth" type="date" required {...form.getInputProps('dob')} />
          <TextInput label="Nationality" required {...form.getInputProps('nationality')} />
          <TextInput
            label="First day at the centre"
            description="Fees run from this month"
            type="date"
            required
            {...form.getInputProps('startDate')}
          />
          <NativeSelect
            label="Gender"
            required
            data={[{ value: '', label: 'Please select' }, ...GENDERS]}
            {...form.getInputProps('gender')}
          />
          <NativeSelect
            label="Group"
            required
            data={[
              { value: '', label: 'Please select' },
              ...groups.filter((g) => g.active).map((g) => ({ value: g.id, label: g.name })),
            ]}
            {...form.getInputProps('groupId')}
            onChange={(e) => chooseGroup(e.currentTarget.value)}
          />
          <NumberInput
            label="Admission fee (₹)"
            min={0}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            required
            {...form.getInputProps('admissionFee')}
          />
          <NumberInput
            label="Deposit (₹)"
            min={0}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            required
            {...form.getInputProps('depositFee')}
          />
          <NativeSelect
            label="Fee tariff"
            required
            data={[
              { value: '', label: 'Please select' },
              ...tariffs.map((t) => ({ value: t.id, label: t.label })),
            ]}
            {...form.getInputProps('feeTariffId')}
          />
        </SimpleGrid>
        <Checkbox
          label="Enrol on trial first"
          {...form.getInputProps('trial', { type: 'checkbox' })}
        />
        <DialogActions busy={busy} failure={failure} submitLabel="Enrol" onCancel={onClose} />
      </Stack>
    </form>
  )
}

import { useEffect } from 'react'
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNetwork } from '@mantine/hooks'
import {
  bankDetailsSchema,
  EMPTY_BANK_DETAILS,
  type BankDetails,
} from '@sync/contract/commands/centre/bank-details'
import { notifyResult } from '@/components/feedback/notify-result'
import { useSubmit } from '@/components/form/use-submit'
import { saveBankDetails, useBankDetails } from '@/lib/bank-details'

const validate = schemaResolver(bankDetailsSchema, { sync: true })

/**
 * The centre's bank details (issue 40), which fee reminders give families to pay by transfer.
 * They are the centre's shared settings, saved on the server: the form needs a connection.
 */
export function BankDetailsSettings() {
  const { stored, error, reload } = useBankDetails()
  const { online } = useNetwork()
  const { busy, failure, attempt } = useSubmit()
  const form = useForm<BankDetails>({ initialValues: EMPTY_BANK_DETAILS, validate })
  const { setValues, resetDirty } = form
  // The saved details fill the form once read.
  useEffect(() => {
    if (!stored) return
    const values = { ...EMPTY_BANK_DETAILS, ...stored }
    setValues(values)
    resetDirty(values)
  }, [stored, setValues, resetDirty])
  useEffect(() => {
    if (online) reload()
  }, [online, reload])
  const submit = form.onSubmit((values) =>
    attempt(async () => {
      const answer = await saveBankDetails(bankDetailsSchema.parse(values))
      if (!answer.ok) throw new Error(answer.message)
      notifyResult(answer)
      reload()
    }),
  )
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bank-details-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" id="bank-details-title">
              Bank details for families
            </Title>
            <Text size="sm" c="dimmed">
              Fee reminders tell families to pay to this account, with the UPI link and QR code.
            </Text>
          </div>
          {!online && (
            <Alert color="yellow">
              The bank details are saved on the server: connect to change them.
            </Alert>
          )}
          {error && online && <Alert color="red">{error}</Alert>}
          {failure && (
            <Alert color="red" title="The bank details were not saved">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label="Account name"
              maxLength={100}
              {...form.getInputProps('accountName')}
            />
            <TextInput
              label="Account number"
              inputMode="numeric"
              maxLength={18}
              {...form.getInputProps('accountNumber')}
            />
            <TextInput
              label="IFSC"
              maxLength={11}
              {...form.getInputProps('ifsc')}
              onChange={(e) => form.setFieldValue('ifsc', e.currentTarget.value.toUpperCase())}
            />
            <TextInput label="Bank" maxLength={100} {...form.getInputProps('bankName')} />
            <TextInput label="Branch" maxLength={100} {...form.getInputProps('branch')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!online || stored === null}>
              Save bank details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

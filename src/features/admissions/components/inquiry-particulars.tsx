import { useMemo } from 'react'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { InquiryRow } from '@sync/engine/database'
import { DESCRIPTION_MAX } from '@sync/contract/collections/inquiries'
import { useSubmit } from '@/components/form/use-submit'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useInquiryWriter } from '../hooks/use-inquiries'
import {
  particularsOf,
  particularsSchema,
  tentativeTermChoices,
  trialLines,
  type Particulars,
} from '../logic/inquiry-particulars'

/** The trials arranged for the family, one line per trial step (H11 trialEventIDs). */
function Trials({ data }: { data: Record<string, unknown> }) {
  const lines = trialLines(data)
  if (lines.length === 0) return null
  return (
    <Stack gap={2} data-testid="inquiry-trials">
      <Text size="sm" fw={600}>
        Trials arranged
      </Text>
      {lines.map((line) => (
        <Text key={line.id} size="sm">
          {line.text}
        </Text>
      ))}
    </Stack>
  )
}

/**
 * What the office keeps about a family's inquiry beside the application (H11): a description of
 * the family, the term they hope to start in, and whether the forms and curriculum have gone to
 * them (the trial e-mail sends the curriculum and ticks it). Saved on the device; only what
 * changed is written, so another device's edit of another of them stands.
 */
export function InquiryParticulars({ row }: { row: Extract<InquiryRow, { kind: 'family' }> }) {
  const writer = useInquiryWriter()
  const saved = particularsOf(row.data)
  const form = useForm<Particulars>({
    initialValues: saved,
    validate: schemaResolver(particularsSchema, { sync: true }),
    validateInputOnBlur: true,
  })
  const { busy, failure, attempt } = useSubmit()
  const choices = useMemo(
    () => tentativeTermChoices(saved.tentativeAdmissionTerm, centreDateOf(new Date())),
    [saved.tentativeAdmissionTerm],
  )
  const submit = form.onSubmit((input) =>
    attempt(async () => {
      await writer.saveParticulars(row.id, input)
      form.resetDirty(input)
      notifications.show({ color: 'green', message: 'Success! Inquiry updated' })
    }),
  )
  return (
    <form onSubmit={submit} noValidate aria-label="About the family">
      <Stack gap="xs" data-testid="inquiry-particulars">
        <Title order={3} size="h5">
          About the family
        </Title>
        <Textarea
          label="Family description"
          description="What the office knows of the family, in a few lines"
          autosize
          minRows={2}
          maxLength={DESCRIPTION_MAX}
          {...form.getInputProps('familyDescription')}
        />
        <NativeSelect
          label="Tentative admission term"
          data={choices}
          {...form.getInputProps('tentativeAdmissionTerm')}
        />
        <Checkbox
          label="Forms and curriculum given to the family"
          {...form.getInputProps('formsCurriculum', { type: 'checkbox' })}
        />
        <Trials data={row.data} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="xs" variant="light" loading={busy}>
            Save about the family
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

import type { ReactNode } from 'react'
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { APPLICATION_MESSAGES } from '@sync/rules/admissions/application'
import type { QueuedApplication } from '@sync/rules/admissions/submit-queue'
import { centre } from '@/lib/centre'

export const APPLICATION_TEXT = {
  queuedTitle: 'Saved on this device',
  queued:
    'Your application is saved on this device. It will be sent as soon as there is a connection, even if you close this page and come back later.',
  sending: 'Sending your application…',
  sentTitle: 'Application sent',
  another: 'Start a new application',
  refusedTitle: 'Your application was not accepted yet',
}

/** The card every application form sits in: readable at 360 px, centred on wide screens. */
export function ApplicationFrame({
  title,
  lead,
  children,
}: {
  title: string
  lead: string
  children: ReactNode
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      maw={820}
      mx="auto"
      my={{ base: 0, sm: 'xl' }}
    >
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">
          {centre.name}. {lead}
        </Text>
        {children}
      </Stack>
    </Paper>
  )
}

export function FormSection({
  title,
  lead,
  children,
}: {
  title: string
  lead?: string
  children: ReactNode
}) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {lead && (
        <Text size="sm" c="dimmed">
          {lead}
        </Text>
      )}
      {children}
    </Stack>
  )
}

/**
 * Where a submitted application stands: sent (with a way to start another), or waiting on the
 * device (sending now, or what the last try said). Null while it can still be edited.
 */
export function ApplicationStatus({
  entry,
  sending,
  onAnother,
}: {
  entry: QueuedApplication | null
  sending: boolean
  onAnother: () => void
}) {
  if (entry?.state === 'sent') {
    return (
      <>
        <Alert color="green" variant="light" title={APPLICATION_TEXT.sentTitle} role="status">
          {entry.message ?? APPLICATION_MESSAGES.received}
        </Alert>
        <Group>
          <Button variant="default" onClick={onAnother}>
            {APPLICATION_TEXT.another}
          </Button>
        </Group>
      </>
    )
  }
  if (entry?.state === 'queued') {
    return (
      <Alert color="blue" variant="light" title={APPLICATION_TEXT.queuedTitle} role="status">
        <Stack gap="xs">
          <Text size="sm">{APPLICATION_TEXT.queued}</Text>
          {sending && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{APPLICATION_TEXT.sending}</Text>
            </Group>
          )}
          {!sending && entry.message && (
            <Text size="sm">The last try did not go through: {entry.message}</Text>
          )}
        </Stack>
      </Alert>
    )
  }
  return null
}

/** A refusal's words above the form; its fields are marked in the form itself. */
export function RefusedAlert({ entry }: { entry: QueuedApplication | null }) {
  if (entry?.state !== 'refused') return null
  return (
    <Alert color="red" variant="light" title={APPLICATION_TEXT.refusedTitle} role="alert">
      {entry.message ?? APPLICATION_MESSAGES.invalid}
    </Alert>
  )
}

export const choose = (options: readonly string[]) => [
  { value: '', label: 'Please select' },
  ...options.map((o) => ({ value: o, label: o })),
]

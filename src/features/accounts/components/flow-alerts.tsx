import { Alert, Group, Loader, Text } from '@mantine/core'

/** The messages of an account screen: an error, an information, and what is happening now. */
export function FlowAlerts({
  error,
  info,
  progress,
}: {
  error?: string | null
  info?: string | null
  progress?: string | null
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="auth-error">
          {error}
        </Alert>
      )}
      {info && (
        <Alert color="blue" variant="light" role="status" data-testid="auth-info">
          {info}
        </Alert>
      )}
      {progress && (
        <Group gap="xs" role="status" aria-live="polite" data-testid="auth-progress" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm">{progress}</Text>
        </Group>
      )}
    </>
  )
}

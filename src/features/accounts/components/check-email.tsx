import { Alert, Text } from '@mantine/core'

/** After a registration that waits for the e-mail address to be confirmed. */
export function CheckEmail({ email, message }: { email: string; message: string }) {
  return (
    <Alert color="green" variant="light" title="Check your e-mail" data-testid="check-email">
      <Text size="sm">{message}</Text>
      <Text size="sm" mt="xs">
        No e-mail from us at {email}? Look in the spam folder, or register again to get a new link.
      </Text>
    </Alert>
  )
}

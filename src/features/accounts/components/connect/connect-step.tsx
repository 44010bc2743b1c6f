import { Anchor, Button, Stack, Text } from '@mantine/core'
import type { ConnectData } from '@sync/contract/commands/accounts/contract'
import { GoogleChoice } from '../google-button'

/**
 * State connect (D08, D09): the centre knows this number. All it shows is where the link will
 * go (masked): the person who reads that mailbox chooses the password, or proves the address
 * with its Google account.
 */
export function ConnectStep({
  data,
  number,
  busy,
  onSend,
  onError,
  onStartAgain,
}: {
  data: ConnectData
  number: { whatsApp: string; prefix: string }
  busy: boolean
  onSend: () => void
  onError: (message: string) => void
  onStartAgain: () => void
}) {
  return (
    <Stack gap="sm">
      <Text data-testid="connect-found">
        We found you in our records. We will send a link to <strong>{data.maskedEmail}</strong>:
        open it to confirm your e-mail address and choose your password.
      </Text>
      <Button onClick={onSend} loading={busy} fullWidth>
        Send me the link
      </Button>
      <GoogleChoice
        label="Continue with Google"
        returnPath="/connect-account"
        pending={() => ({ kind: 'connect', expectedEmail: null, ...number })}
        onError={onError}
      />
      <Text size="sm" ta="center">
        Not your address?{' '}
        <Anchor component="button" type="button" onClick={onStartAgain}>
          Start again
        </Anchor>
      </Text>
    </Stack>
  )
}

import { useState, type FormEvent } from 'react'
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core'
import { accounts } from '../../api'
import { isValidEmail, normaliseEmail } from '@sync/contract/commands/accounts/email'
import type { ResetState } from '../../logic/member-form'

/** Forgotten password (D20): the reset state goes pending → success once the request succeeds. */
export function ResetRequest({
  initialEmail,
  onBack,
}: {
  initialEmail: string
  onBack: () => void
}) {
  const [email, setEmail] = useState(initialEmail)
  const [state, setState] = useState<ResetState>('idle')
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = normaliseEmail(email)
    if (!isValidEmail(address)) {
      setMessage({ text: 'Please enter a valid e-mail address.', error: true })
      return
    }
    setState('pending')
    setMessage(null)
    const answer = await accounts('requestResetPassword', { email: address })
    setState(answer.type === 'success' ? 'success' : 'idle')
    setMessage({ text: answer.message, error: answer.type !== 'success' })
  }
  return (
    <Stack gap="sm">
      {message && (
        <Alert
          color={message.error ? 'red' : 'green'}
          variant="light"
          role={message.error ? 'alert' : 'status'}
          data-testid="reset-message"
        >
          {message.text}
        </Alert>
      )}
      {state !== 'success' && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm">We will e-mail you a link to choose a new password.</Text>
            <TextInput
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" loading={state === 'pending'} fullWidth>
              Send me a link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component="button" type="button" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  )
}

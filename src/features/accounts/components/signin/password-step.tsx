import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import { accounts } from '../../api'
import { SIGN_IN_WORDS } from '../../logic/sign-in-words'

/** Step two (state `signin`): the password for the address; forgotten password; C12 re-send. */
export function PasswordStep({
  email,
  busy,
  unverified,
  onSubmit,
  onChangeEmail,
  onForgot,
  onInfo,
}: {
  email: string
  busy: boolean
  unverified: boolean
  onSubmit: (password: string) => void
  onChangeEmail: () => void
  onForgot: () => void
  onInfo: (message: string, isError: boolean) => void
}) {
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const [sending, setSending] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(!password)
    if (password) onSubmit(password)
  }
  const resend = async () => {
    setSending(true)
    const answer = await accounts('resendConfirmation', { email, password })
    setSending(false)
    onInfo(answer.message, answer.type !== 'success')
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="E-mail" value={email} readOnly autoComplete="username" />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            Use another e-mail
          </Anchor>
        </Group>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={missing ? SIGN_IN_WORDS.noPassword : null}
        />
        <Button type="submit" loading={busy} fullWidth>
          Sign in
        </Button>
        {unverified && (
          <Button variant="light" loading={sending} onClick={() => void resend()} fullWidth>
            Send the link again
          </Button>
        )}
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={onForgot}>
            Forgot your password?
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}

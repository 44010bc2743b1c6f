import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Anchor, Button, Divider, PasswordInput, Stack, Text } from '@mantine/core'
import type { ConnectData } from '../../../../../sync/commands/accounts/contract'
import { passwordProblems, repeatProblem } from '../../../../../sync/commands/accounts/password'
import { GoogleButton } from '../google-button'

const WHO = { guardian: 'parent or guardian', student: 'student' } as const

/** State connect (D08, D09): who we found, then a password, or the Google account of that address. */
export function ConnectStep({
  data,
  busy,
  onPassword,
  onError,
  onStartAgain,
}: {
  data: ConnectData
  busy: boolean
  onPassword: (password: string) => void
  onError: (message: string) => void
  onStartAgain: () => void
}) {
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const weak = passwordProblems(password).join(' ')
    const mismatch = weak ? null : repeatProblem(password, repeat)
    setErrors({ ...(weak && { password: weak }), ...(mismatch && { repeat: mismatch }) })
    if (!weak && !mismatch) onPassword(password)
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text data-testid="connect-found">
          We found <strong>{data.name || data.email}</strong>, {WHO[data.memberType]} in our
          records. Your account will use <strong>{data.email}</strong>.
        </Text>
        <GoogleButton
          label="Continue with Google"
          returnPath="/connect-account"
          pending={() => ({ kind: 'connect', expectedEmail: data.email, data })}
          onError={onError}
        />
        <Divider label="or choose a password" labelPosition="center" />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={errors.repeat}
        />
        <Button type="submit" loading={busy} fullWidth>
          Create my account
        </Button>
        <Text size="sm" ta="center">
          Not you?{' '}
          <Anchor component="button" type="button" onClick={onStartAgain}>
            Start again
          </Anchor>
        </Text>
      </Stack>
    </form>
  )
}

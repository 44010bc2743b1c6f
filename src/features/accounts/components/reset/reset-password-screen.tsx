import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { accounts } from '../../api'
import { useAuthFlow } from '../../hooks/use-auth-flow'
import type { ResetState } from '../../logic/member-form'
import { MESSAGES } from '@sync/commands/accounts/messages'
import { passwordProblems, repeatProblem } from '@sync/commands/accounts/password'
import { AuthCard } from '../auth-card'
import { FlowAlerts } from '../flow-alerts'

/**
 * Where the e-mailed reset link lands (D21, D22): a new password for the code in the link
 * (oobCode). States pending → success; the person is then signed in with the new password.
 */
export function ResetPasswordScreen({ oobCode }: { oobCode?: string }) {
  const flow = useAuthFlow()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({})
  const [state, setState] = useState<ResetState>('idle')
  const [error, setError] = useState<string | null>(null)
  const [changed, setChanged] = useState('')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const weak = passwordProblems(password).join(' ')
    const mismatch = weak ? null : repeatProblem(password, repeat)
    setErrors({ ...(weak && { password: weak }), ...(mismatch && { repeat: mismatch }) })
    if (weak || mismatch || !oobCode) return
    setState('pending')
    setError(null)
    const answer = await accounts('resetPassword', { password, oobCode })
    if (answer.type !== 'success') {
      setState('idle')
      setError(answer.message)
      return
    }
    setChanged(answer.message)
    setState('success')
    await flow.signIn(answer.email, password)
  }

  if (!oobCode) {
    return (
      <AuthCard title="Choose a new password">
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.linkExpired}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor href="/signin">Back to sign in</Anchor>, then choose “Forgot your password?”.
        </Text>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Choose a new password">
      {state === 'success' && (
        <Alert color="green" variant="light" role="status" data-testid="reset-success">
          {changed}
        </Alert>
      )}
      <FlowAlerts error={error ?? flow.status.error} progress={flow.status.progress} />
      {state !== 'success' && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              autoFocus
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <PasswordInput
              label="Repeat the new password"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.currentTarget.value)}
              error={errors.repeat}
            />
            <Button type="submit" loading={state === 'pending'} fullWidth>
              Save the new password
            </Button>
          </Stack>
        </form>
      )}
      {state !== 'pending' && (
        <Text size="sm" ta="center">
          <Anchor href="/signin">Back to sign in</Anchor>
        </Text>
      )}
    </AuthCard>
  )
}

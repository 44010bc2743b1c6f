import { useState } from 'react'
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { accounts } from '../../api'
import { useAuthFlow } from '../../hooks/use-auth-flow'
import type { ResetState } from '../../logic/member-form'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import {
  newPasswordSchema,
  type NewPasswordValues,
} from '@sync/contract/commands/accounts/new-password'
import { AuthCard } from '../auth-card'
import { FlowAlerts } from '../flow-alerts'
import { NewPasswordFields } from '../new-password-fields'

const validate = schemaResolver(newPasswordSchema(), { sync: true })

/**
 * Where the e-mailed reset link lands (D21, D22): a new password for the code in the link
 * (oobCode). States pending → success; the person is then signed in with the new password.
 */
export function ResetPasswordScreen({ oobCode }: { oobCode?: string }) {
  const flow = useAuthFlow()
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirm: '' },
    validate,
  })
  const [state, setState] = useState<ResetState>('idle')
  const [error, setError] = useState<string | null>(null)
  const [changed, setChanged] = useState('')

  const submit = async ({ password }: NewPasswordValues) => {
    if (!oobCode) return
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
        <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
          <Stack gap="sm">
            <NewPasswordFields form={form} autoFocus />
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

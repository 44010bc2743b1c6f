import '@mantine/core/styles/PasswordInput.css'
import { useState } from 'react'
import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import * as z from 'zod/mini'
import { changePassword } from '@/lib/auth/actions'
import { MESSAGES, providerMessage } from '@sync/contract/commands/accounts/messages'
import { confirmMatches, newPasswordShape } from '@sync/contract/commands/accounts/new-password'
import { NewPasswordFields } from '../new-password-fields'

const WORDS: Record<string, string> = {
  invalid_credentials: 'Your current password is not correct.',
  same_password: 'The new password must be different from the current one.',
}

const changePasswordSchema = z
  .object({
    current: z.string().check(z.minLength(1, 'Please enter your current password.')),
    ...newPasswordShape(),
  })
  .check(confirmMatches())

type ChangePasswordValues = z.infer<typeof changePasswordSchema>

const validate = schemaResolver(changePasswordSchema, { sync: true })

/** Change password: the current one first, so a device left signed in cannot be taken over. */
export function ChangePasswordForm({ email }: { email: string }) {
  const form = useForm<ChangePasswordValues>({
    initialValues: { current: '', password: '', confirm: '' },
    validate,
  })
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const submit = async ({ current, password }: ChangePasswordValues) => {
    setResult(null)
    if (!navigator.onLine) return setResult({ ok: false, text: MESSAGES.offline })
    setBusy(true)
    const answer = await changePassword(email, current, password)
    setBusy(false)
    if (answer.ok) {
      form.reset()
      setResult({
        ok: true,
        text: 'Your password has been changed. Your other devices are signed out.',
      })
    } else {
      setResult({
        ok: false,
        text: WORDS[answer.code] ?? providerMessage(answer.code, answer.message),
      })
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={form.onSubmit(
          (values) => void submit(values),
          () => setResult(null),
        )}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Change your password
          </Title>
          {result && (
            <Alert
              color={result.ok ? 'green' : 'red'}
              variant="light"
              role={result.ok ? 'status' : 'alert'}
            >
              {result.text}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current')}
          />
          <NewPasswordFields form={form} />
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core'
import { changePassword } from '@/lib/auth/actions'
import { MESSAGES, providerMessage } from '@sync/commands/accounts/messages'
import { passwordProblems, repeatProblem } from '@sync/commands/accounts/password'

const WORDS: Record<string, string> = {
  invalid_credentials: 'Your current password is not correct.',
  same_password: 'The new password must be different from the current one.',
}

/** Change password: the current one first, so a device left signed in cannot be taken over. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<{ current?: string; next?: string; repeat?: string }>({})
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const weak = passwordProblems(next).join(' ')
    const mismatch = weak ? null : repeatProblem(next, repeat)
    const found = {
      ...(!current && { current: 'Please enter your current password.' }),
      ...(weak && { next: weak }),
      ...(mismatch && { repeat: mismatch }),
    }
    setErrors(found)
    setResult(null)
    if (Object.keys(found).length) return
    if (!navigator.onLine) return setResult({ ok: false, text: MESSAGES.offline })
    setBusy(true)
    const answer = await changePassword(email, current, next)
    setBusy(false)
    if (answer.ok) {
      setCurrent('')
      setNext('')
      setRepeat('')
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
      <form onSubmit={(e) => void submit(e)} noValidate>
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
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current}
            required
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.next}
            required
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
            error={errors.repeat}
            required
          />
          <Button type="submit" loading={busy}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  )
}

import '@mantine/core/styles/PasswordInput.css'
import { useState, type FormEvent } from 'react'
import { Button, PasswordInput, Stack, Text } from '@mantine/core'
import { chooseNewPassword } from '@/lib/auth/actions'
import { providerMessage } from '@sync/commands/accounts/messages'
import { newPasswordErrors } from '../../logic/registration'

/**
 * After an e-mailed set-up link confirmed the address (the person is signed in by it): the
 * account's password, chosen here by whoever opened the link, never by whoever asked for it.
 */
export function ChoosePassword({
  onSaved,
  onError,
}: {
  onSaved: () => void
  onError: (message: string) => void
}) {
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = newPasswordErrors(password, repeat)
    setErrors(found)
    if (found.password || found.repeat) return
    setBusy(true)
    const result = await chooseNewPassword(password)
    setBusy(false)
    if (result.ok) onSaved()
    else onError(providerMessage(result.code, result.message))
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Text data-testid="choose-password">
          Your e-mail address is confirmed. Choose the password you will sign in with.
        </Text>
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          autoFocus
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
          Save and sign in
        </Button>
      </Stack>
    </form>
  )
}

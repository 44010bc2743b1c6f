import { useState, type FormEvent } from 'react'
import { Button, Stack, Text, TextInput } from '@mantine/core'
import { accounts } from '../../api'
import { useWarmUpOnFirstInput } from '../../hooks/use-warm-up'
import type { AccountsAnswers } from '@sync/contract/commands/accounts/contract'
import { isValidEmail, normaliseEmail } from '@sync/contract/commands/accounts/email'
import { SIGN_IN_WORDS } from '../../logic/sign-in-words'

export type SigninInit = AccountsAnswers['initSignin']

/** Step one (state `email`): the address, then initSignin says how to go on (C05). */
export function EmailStep({
  email,
  onEmail,
  onAnswer,
  onError,
}: {
  email: string
  onEmail: (value: string) => void
  onAnswer: (email: string, answer: SigninInit) => void
  onError: (message: string) => void
}) {
  const [busy, setBusy] = useState(false)
  const [invalid, setInvalid] = useState<string | null>(null)
  const warmUp = useWarmUpOnFirstInput()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = normaliseEmail(email)
    if (!isValidEmail(address)) {
      setInvalid(SIGN_IN_WORDS.invalidEmail)
      return
    }
    setInvalid(null)
    setBusy(true)
    const answer = await accounts('initSignin', { email: address })
    setBusy(false)
    // C06: anything but success shows the returned message.
    if (answer.type === 'success') onAnswer(address, answer)
    else onError(answer.message)
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(e) => {
            warmUp()
            onEmail(e.currentTarget.value)
          }}
          error={invalid}
        />
        <Button type="submit" loading={busy} fullWidth>
          Continue
        </Button>
        {busy && (
          <Text size="sm" ta="center" role="status" data-testid="email-checking">
            {SIGN_IN_WORDS.checkingAddress}
          </Text>
        )}
      </Stack>
    </form>
  )
}

import { useState } from 'react'
import { Button, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { chooseNewPassword } from '@/lib/auth/actions'
import { providerMessage } from '@sync/contract/commands/accounts/messages'
import {
  newPasswordSchema,
  type NewPasswordValues,
} from '@sync/contract/commands/accounts/new-password'
import { NewPasswordFields } from '../new-password-fields'

const CHOOSE = { password: 'Password', confirm: 'Repeat the password' }
const validate = schemaResolver(newPasswordSchema(), { sync: true })

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
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirm: '' },
    validate,
  })
  const [busy, setBusy] = useState(false)
  const submit = async ({ password }: NewPasswordValues) => {
    setBusy(true)
    const result = await chooseNewPassword(password)
    setBusy(false)
    if (result.ok) onSaved()
    else onError(providerMessage(result.code, result.message))
  }
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <Text data-testid="choose-password">
          Your e-mail address is confirmed. Choose the password you will sign in with.
        </Text>
        <NewPasswordFields form={form} labels={CHOOSE} autoFocus />
        <Button type="submit" loading={busy} fullWidth>
          Save and sign in
        </Button>
      </Stack>
    </form>
  )
}

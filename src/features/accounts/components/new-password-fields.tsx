import '@mantine/core/styles/PasswordInput.css'
import { PasswordInput } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'

/** The labels of the two fields: "New password" where one is replaced, "Password" for the first. */
export interface NewPasswordLabels {
  password: string
  confirm: string
}

const NEW: NewPasswordLabels = { password: 'New password', confirm: 'Repeat the new password' }

/**
 * A new password and its repeat (E19-E21), for every form that sets a password. The form is a
 * `useForm` of `@mantine/form` whose values hold `password` and `confirm`, validated with
 * `newPasswordSchema` (or `newPasswordShape` and `confirmMatches`) of sync/.
 */
export function NewPasswordFields({
  form,
  labels = NEW,
  autoFocus = false,
}: {
  form: { getInputProps: (path: 'password' | 'confirm') => GetInputPropsReturnType }
  labels?: NewPasswordLabels
  autoFocus?: boolean
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        required
        {...form.getInputProps('confirm')}
      />
    </>
  )
}

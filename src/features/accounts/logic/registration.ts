// What registration needs (core.md §5, D01, decided for issue 10): e-mail, name and WhatsApp
// number when the account is asked for, and the password on the page the e-mailed link opens
// (whoever holds the link chooses it; its checks are `newPasswordSchema` of sync/). The checks of
// each, so the forms say exactly what is missing or wrong before anything is sent.
import { isValidEmail } from '@sync/contract/commands/accounts/email.ts'
import { mobileProblem } from '@sync/contract/commands/accounts/phone.ts'

export interface RegistrationInput {
  email: string
  name: string
  prefix: string
  whatsapp: string
}

export type RegistrationField = 'email' | 'name' | 'whatsapp'

const LABELS: Record<RegistrationField, string> = {
  email: 'e-mail',
  name: 'name',
  whatsapp: 'WhatsApp number',
}

/** D01: the required fields that are still empty. */
export function missingRegistrationFields(input: RegistrationInput): RegistrationField[] {
  return (Object.keys(LABELS) as RegistrationField[]).filter((k) => !input[k].trim())
}

/** One message per field that stops registration; empty when it can be sent. */
export function registrationErrors(
  input: RegistrationInput,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {}
  for (const field of missingRegistrationFields(input)) {
    errors[field] = `Please enter your ${LABELS[field]}.`
  }
  if (!errors.email && !isValidEmail(input.email))
    errors.email = 'Please enter a valid e-mail address.'
  if (!errors.name && input.name.trim().length > 200)
    errors.name = 'Please shorten the name to 200 characters.'
  if (!errors.whatsapp) {
    const problem = mobileProblem(input.prefix, input.whatsapp)
    if (problem) errors.whatsapp = problem
  }
  return errors
}

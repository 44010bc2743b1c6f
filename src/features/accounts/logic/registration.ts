// What registration needs (core.md §5, D01): e-mail, password, name and WhatsApp number, and
// the checks of each, so the form says exactly what is missing or wrong before anything is sent.
import { isValidEmail } from '../../../../sync/commands/accounts/email.ts'
import {
  passwordProblems,
  repeatProblem,
  type PasswordPolicy,
} from '../../../../sync/commands/accounts/password.ts'
import { mobileProblem } from '../../../../sync/commands/accounts/phone.ts'

export interface RegistrationInput {
  email: string
  password: string
  repeatPassword: string
  name: string
  prefix: string
  whatsapp: string
}

export type RegistrationField = 'email' | 'password' | 'repeatPassword' | 'name' | 'whatsapp'

const LABELS: Record<'email' | 'password' | 'name' | 'whatsapp', string> = {
  email: 'e-mail',
  password: 'password',
  name: 'name',
  whatsapp: 'WhatsApp number',
}

/** D01: the required fields that are still empty. */
export function missingRegistrationFields(
  input: Pick<RegistrationInput, 'email' | 'password' | 'name' | 'whatsapp'>,
): (keyof typeof LABELS)[] {
  return (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((k) => !input[k].trim())
}

/** One message per field that stops registration; empty when it can be sent. */
export function registrationErrors(
  input: RegistrationInput,
  policy?: PasswordPolicy,
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
  if (!errors.password) {
    const problems = passwordProblems(input.password, policy)
    if (problems.length) errors.password = problems.join(' ')
  }
  const mismatch = repeatProblem(input.password, input.repeatPassword)
  if (!errors.password && mismatch) errors.repeatPassword = mismatch
  return errors
}

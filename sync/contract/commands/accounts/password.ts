// Password policy (core.md §5, E19-E21). The identity service (Supabase Auth) enforces its own
// policy, set in supabase/config.toml as `minimum_password_length` and `password_requirements`;
// the app checks the same policy first so people get a clear message before anything is sent.

export interface PasswordPolicy {
  minLength: number
  maxLength?: number
  letters: boolean
  lowercase: boolean
  uppercase: boolean
  digits: boolean
  symbols: boolean
}

/** E19: minimum 6. Bcrypt reads at most 72 bytes, so Supabase Auth refuses longer passwords. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: 72,
  letters: false,
  lowercase: false,
  uppercase: false,
  digits: false,
  symbols: false,
}

/** Supabase Auth's `password_requirements` values. */
export type SupabasePasswordRequirements =
  '' | 'letters_digits' | 'lower_upper_letters_digits' | 'lower_upper_letters_digits_symbols'

/** E20: the policy as the identity service's settings describe it. */
export function policyFromSupabase(minimumLength: number, requirements: string): PasswordPolicy {
  const r = requirements as SupabasePasswordRequirements
  const lowerUpper =
    r === 'lower_upper_letters_digits' || r === 'lower_upper_letters_digits_symbols'
  return {
    ...DEFAULT_PASSWORD_POLICY,
    minLength: Number.isInteger(minimumLength) && minimumLength >= 6 ? minimumLength : 6,
    letters: r === 'letters_digits',
    lowercase: lowerUpper,
    uppercase: lowerUpper,
    digits: r === 'letters_digits' || lowerUpper,
    symbols: r === 'lower_upper_letters_digits_symbols',
  }
}

/** E21: what a password still needs, each as a short instruction; empty when it is fine. */
export function passwordProblems(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string[] {
  const problems: string[] = []
  if (password.length < policy.minLength)
    problems.push(`Use at least ${policy.minLength} characters.`)
  if (policy.maxLength && password.length > policy.maxLength)
    problems.push(`Use at most ${policy.maxLength} characters.`)
  if (policy.letters && !/[A-Za-z]/.test(password)) problems.push('Add a letter.')
  if (policy.lowercase && !/[a-z]/.test(password)) problems.push('Add a lowercase letter.')
  if (policy.uppercase && !/[A-Z]/.test(password)) problems.push('Add an uppercase letter.')
  if (policy.digits && !/\d/.test(password)) problems.push('Add a number.')
  if (policy.symbols && !/[^A-Za-z0-9]/.test(password))
    problems.push('Add a symbol such as ! or #.')
  return problems
}

export const PASSWORD_MISMATCH = 'The two passwords do not match.'

/** E21: the repeated password must equal the password. */
export function repeatProblem(password: string, repeat: string): string | null {
  return password === repeat ? null : PASSWORD_MISMATCH
}

// A new password and its repeat (E19-E21), as the forms that set one check it: the schema the
// forms validate with, so every screen words the same problem the same way. zod/mini keeps the
// sign-in page small.
import * as z from 'zod/mini'
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MISMATCH,
  passwordProblems,
  type PasswordPolicy,
} from './password.ts'

export const PASSWORD_MISSING = 'Please choose a password.'

/** What stops a new password, in one message; null when it is fine. */
export function newPasswordProblem(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): string | null {
  if (!password) return PASSWORD_MISSING
  return passwordProblems(password, policy).join(' ') || null
}

/** The two fields of a new password, to spread into a form's object schema. */
export function newPasswordShape(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return {
    password: z.string().check(
      z.refine((value) => newPasswordProblem(value, policy) === null, {
        error: (issue) => newPasswordProblem(String(issue.input), policy) ?? undefined,
      }),
    ),
    confirm: z.string(),
  }
}

/**
 * E21: the repeat must equal the password. Said only once the password itself is fine, so a
 * person fixes one thing at a time.
 */
export function confirmMatches(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z.refine<{ password: string; confirm: string }>(
    (values) =>
      newPasswordProblem(values.password, policy) !== null || values.password === values.confirm,
    { error: PASSWORD_MISMATCH, path: ['confirm'] },
  )
}

/** A new password and its repeat: `{ password, confirm }`. */
export function newPasswordSchema(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z.object(newPasswordShape(policy)).check(confirmMatches(policy))
}

export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>

import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { confirmMatches, newPasswordSchema, newPasswordShape } from './new-password.ts'
import { policyFromSupabase } from './password.ts'

/** The first message for each field, as a form shows them. */
function fieldErrors(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values)
  const errors: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.')
    errors[path] ??= issue.message
  }
  return errors
}

describe('a new password and its repeat (E19-E21)', () => {
  it.each([
    ['', '', { password: 'Please choose a password.' }],
    ['', 'secret-1', { password: 'Please choose a password.' }],
    ['12345', '12345', { password: 'Use at least 6 characters.' }],
    ['12345', '54321', { password: 'Use at least 6 characters.' }],
    ['a'.repeat(73), 'a'.repeat(73), { password: 'Use at most 72 characters.' }],
    ['secret-1', 'secret-2', { confirm: 'The two passwords do not match.' }],
    ['secret-1', '', { confirm: 'The two passwords do not match.' }],
    ['secret-1', 'secret-1', {}],
  ])('%j / %j → %j', (password, confirm, errors) => {
    expect(fieldErrors(newPasswordSchema(), { password, confirm })).toEqual(errors)
  })

  it('follows a stricter policy, one instruction per unmet rule', () => {
    const policy = policyFromSupabase(8, 'lower_upper_letters_digits')
    expect(fieldErrors(newPasswordSchema(policy), { password: 'abc', confirm: 'abc' })).toEqual({
      password: 'Use at least 8 characters. Add an uppercase letter. Add a number.',
    })
  })

  it('joins other fields of a form, each with its own message', () => {
    const schema = z
      .object({
        current: z.string().check(z.minLength(1, 'Please enter your current password.')),
        ...newPasswordShape(),
      })
      .check(confirmMatches())
    expect(
      fieldErrors(schema, { current: '', password: 'new-pass-1', confirm: 'new-pass-2' }),
    ).toEqual({
      current: 'Please enter your current password.',
      confirm: 'The two passwords do not match.',
    })
    expect(
      fieldErrors(schema, { current: 'old', password: 'new-pass-1', confirm: 'new-pass-1' }),
    ).toEqual({})
  })
})

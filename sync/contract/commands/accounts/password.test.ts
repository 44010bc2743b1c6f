import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MISMATCH,
  passwordProblems,
  policyFromSupabase,
  repeatProblem,
} from './password.ts'

describe('password policy', () => {
  it.each([
    ['12345', ['Use at least 6 characters.']],
    ['123456', []],
    ['a'.repeat(72), []],
    ['a'.repeat(73), ['Use at most 72 characters.']],
  ])('E19: with the default policy %s gives %j', (password, problems) => {
    expect(passwordProblems(password, DEFAULT_PASSWORD_POLICY)).toEqual(problems)
  })

  it.each([
    [6, '', 'lowercase only', []],
    [8, '', 'short', ['Use at least 8 characters.']],
    [6, 'letters_digits', 'letters', ['Add a number.']],
    [6, 'letters_digits', '123456', ['Add a letter.']],
    [6, 'letters_digits', 'abc123', []],
    [6, 'lower_upper_letters_digits', 'lowercase1', ['Add an uppercase letter.']],
    [6, 'lower_upper_letters_digits', 'UPPER1', ['Add a lowercase letter.']],
    [6, 'lower_upper_letters_digits', 'Mixed1', []],
    [6, 'lower_upper_letters_digits_symbols', 'Mixed1', ['Add a symbol such as ! or #.']],
    [6, 'lower_upper_letters_digits_symbols', 'Mixed1!', []],
    [3, '', '123456', []],
  ])('E20: min %i and %s: %s gives %j', (min, requirements, password, problems) => {
    expect(passwordProblems(password, policyFromSupabase(min, requirements))).toEqual(problems)
  })

  it('E20: a policy below the default minimum keeps 6', () => {
    expect(policyFromSupabase(3, '').minLength).toBe(6)
  })

  it.each([
    ['secret1', 'secret1', null],
    ['secret1', 'secret2', PASSWORD_MISMATCH],
    ['secret1', '', PASSWORD_MISMATCH],
  ])('E21: %s repeated as %s → %s', (password, repeat, problem) => {
    expect(repeatProblem(password, repeat)).toBe(problem)
  })
})

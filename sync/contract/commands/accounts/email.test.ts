import { describe, expect, it } from 'vitest'
import { isValidEmail, maskEmail, normaliseEmail } from './email.ts'

describe('e-mail pattern (E01)', () => {
  it.each([
    ['a.b-c@x-y.co', true],
    ['parent@mail.com', true],
    ['first.last@school.edu.in', true],
    ['UPPER@MAIL.COM', true],
    ['under_score@mail.org', true],
    ['  padded@mail.com  ', true],
    ['a@b.c', false],
    ['a@b.abcdefgh', false],
    ['a@b.abcdefg', true],
    ['no-at-sign.com', false],
    ['two@@mail.com', false],
    ['dot.@mail.com', false],
    ['.dot@mail.com', false],
    ['a@mail', false],
    ['a@mail.c0m', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidEmail(value)).toBe(valid)
  })
})

describe('lower-casing (E02)', () => {
  it.each([
    ['Parent@Mail.COM', 'parent@mail.com'],
    ['  Maria@Demo.School ', 'maria@demo.school'],
    ['already@lower.in', 'already@lower.in'],
  ])('%s → %s', (value, stored) => {
    expect(normaliseEmail(value)).toBe(stored)
  })
})

describe('masked addresses (connect account shows no more than this)', () => {
  it.each([
    ['joao.fernandes@demo.school', 'j***@d***.school'],
    ['Daniel.Naik@Demo.School', 'd***@d***.school'],
    ['parent@mail.example.co.uk', 'p***@m***.uk'],
    ['x@gmail.com', 'x***@g***.com'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked)
  })
})

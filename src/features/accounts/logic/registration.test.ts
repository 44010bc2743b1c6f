import { describe, expect, it } from 'vitest'
import {
  missingRegistrationFields,
  registrationErrors,
  type RegistrationInput,
} from './registration'

const complete: RegistrationInput = {
  email: 'rohan@demo.school',
  name: 'Rohan Dsouza',
  prefix: '+91',
  whatsapp: '98220 12345',
}

describe('registration (D01)', () => {
  it('accepts a complete form', () => {
    expect(missingRegistrationFields(complete)).toEqual([])
    expect(registrationErrors(complete)).toEqual({})
  })

  it.each([
    ['email', 'Please enter your e-mail.'],
    ['name', 'Please enter your name.'],
    ['whatsapp', 'Please enter your WhatsApp number.'],
  ] as const)('stops when %s is empty', (field, message) => {
    const input = { ...complete, [field]: '  ' }
    expect(missingRegistrationFields(input)).toEqual([field])
    expect(registrationErrors(input)[field]).toBe(message)
  })

  it.each([
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid e-mail address.'],
    [{ whatsapp: '12345' }, 'whatsapp', 'An Indian mobile number has 10 digits.'],
    [{ name: 'x'.repeat(201) }, 'name', 'Please shorten the name to 200 characters.'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(registrationErrors({ ...complete, ...change })).toEqual({ [field]: message })
  })
})

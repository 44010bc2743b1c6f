import { describe, expect, it } from 'vitest'
import {
  displayPhone,
  fullNumber,
  isValidPhone,
  mobileProblem,
  joinPhone,
  nationalNumber,
  phoneFieldProblem,
  splitPhone,
  normalisePhone,
  phoneDigits,
  whatsappEntry,
  whatsappNumber,
  whatsappOf,
  withoutSpaces,
} from './phone.ts'

describe('phone numbers', () => {
  it.each([
    ['+91 (98765) 43210', '919876543210'],
    ['98765-43210', '9876543210'],
    ['abc', ''],
  ])('E03: keeps the digits of %s', (raw, digits) => {
    expect(phoneDigits(raw)).toBe(digits)
  })

  it.each([
    ['9876543210', '919876543210'],
    ['0876543210', '0876543210'],
    ['919876543210', '919876543210'],
    ['98765 43210', '919876543210'],
    ['12345', '12345'],
  ])('E04: %s normalises to %s', (raw, normalised) => {
    expect(normalisePhone(raw)).toBe(normalised)
  })

  it.each([
    ['9876543210', true, '+919876543210'],
    ['+91 98765 43210', true, '+919876543210'],
    ['0876543210', false, null],
    ['12345', false, null],
    ['449876543210', false, null],
    ['9198765432101', false, null],
  ])('E05: %s valid=%s shown as %s', (raw, valid, shown) => {
    expect(isValidPhone(raw)).toBe(valid)
    expect(displayPhone(raw)).toBe(shown)
  })

  it.each([
    ['9876543210', '919876543210'],
    ['98765 4321', '91987654321'],
    ['447700900123', '447700900123'],
    ['', ''],
  ])('E06: WhatsApp %s is stored as %s', (raw, stored) => {
    expect(whatsappNumber(raw)).toBe(stored)
  })

  it.each([
    ['+91', '98765 43210', '919876543210'],
    ['+44', '7700 900123', '447700900123'],
    ['+1', '(415) 555-0100', '14155550100'],
  ])('E07: prefix %s and mobile %s give %s', (prefix, mobile, whatsapp) => {
    expect(whatsappOf(prefix, mobile)).toBe(whatsapp)
  })

  it('D07: connect-account removes the spaces only', () => {
    expect(withoutSpaces(' 98765 43210 ')).toBe('9876543210')
  })
})

describe('numbers of other countries (E09)', () => {
  it.each([
    ['+91', '98765 43210', null],
    ['+91', '09876543210', null],
    ['+91', '+91 98765 43210', null],
    ['+91', '98765 4321', 'An Indian mobile number has 10 digits.'],
    ['+91', '0876543210', 'An Indian mobile number has 10 digits.'],
    ['+1', '415 555 0100', null],
    ['+1', '555 0100', 'A mobile number with +1 has 10 digits after the country code.'],
    ['+44', '07700 900123', null],
    ['+49', '1512 3456789', null],
    ['+49', '151 234567', 'A mobile number with +49 has 10 to 11 digits after the country code.'],
    ['+7', '912 345 6789', null],
    ['+999', '12345678', 'Please choose your country code.'],
    ['+91', '', 'Please enter your mobile number.'],
  ])('%s %s → %s', (prefix, mobile, problem) => {
    expect(mobileProblem(prefix, mobile)).toBe(problem)
  })

  it.each([
    ['+91', '098765 43210', '9876543210', '919876543210'],
    ['+44', '+44 7700 900123', '7700900123', '447700900123'],
    ['+1', '1 415 555 0100', '4155550100', '14155550100'],
  ])('%s %s is %s nationally and %s in full', (prefix, mobile, national, full) => {
    expect(nationalNumber(prefix, mobile)).toBe(national)
    expect(fullNumber(prefix, mobile)).toBe(full)
  })
})

describe('whatsappEntry: a number typed in one box', () => {
  it.each([
    ['98765 43210', '919876543210'],
    ['098765 43210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['0091 98765 43210', '919876543210'],
    ['+44 7700 900123', '447700900123'],
    // A trunk 0 before a mobile is dropped, as connect-account drops it.
    ['09876543211', '919876543211'],
  ])('%s is stored as %s', (raw, number) => {
    expect(whatsappEntry(raw)).toEqual({ number })
  })
  it.each([
    ['0876543210', 'An Indian mobile number has 10 digits.'],
    ['98765 432100', 'An Indian mobile number has 10 digits.'],
    ['+0987654321', 'Please start with a country code we know, such as +91.'],
    ['', 'Please enter your mobile number.'],
    ['+44 7700', 'A mobile number with +44 has 10 digits after the country code.'],
  ])('%s is refused: %s', (raw, problem) => {
    expect(whatsappEntry(raw)).toEqual({ problem })
  })
})

describe('phoneFieldProblem: the rule of every phone field', () => {
  it.each([
    // The numbers the centre itself keeps: the profile's emergency contact and connect-account's.
    ['+91', '+91 9822000001'],
    ['+91', '+91 90000 00003'],
    ['+91', '9822000001'],
    ['+91', '98220 00001'],
    ['+91', '098220 00001'],
    ['+91', '(98220) 00-001'],
    ['+44', '7700 900123'],
    ['+44', '+44 7700 900123'],
    ['+1', '415 555 0100'],
  ])('%s %s is accepted', (prefix, number) => {
    expect(phoneFieldProblem(prefix, number)).toBeNull()
  })

  it.each([
    ['+91', '', 'Please enter your mobile number.'],
    ['+91', '98220', 'An Indian mobile number has 10 digits.'],
    ['+91', '+91 98220 000011', 'An Indian mobile number has 10 digits.'],
    ['+91', '98220 0000I', 'Use digits only in the number (spaces are fine).'],
    ['+91', 'call me', 'Use digits only in the number (spaces are fine).'],
    ['+44', '7700', 'A mobile number with +44 has 10 digits after the country code.'],
    ['+999', '9822000001', 'Please choose your country code.'],
  ])('%s %s is refused: %s', (prefix, number, problem) => {
    expect(phoneFieldProblem(prefix, number)).toBe(problem)
  })

  it('lets an optional field stay empty, and checks it once filled', () => {
    expect(phoneFieldProblem('+91', '  ', { optional: true })).toBeNull()
    expect(phoneFieldProblem('+91', '123', { optional: true })).toBe(
      'An Indian mobile number has 10 digits.',
    )
  })
})

describe('a number kept in one piece', () => {
  it.each([
    ['+91 9822000001', '+91', '9822000001'],
    ['+91 90000 00003', '+91', '90000 00003'],
    ['+919822000001', '+91', '9822000001'],
    ['0044 7700 900123', '+44', '7700 900123'],
    ['98220 00001', '+91', '98220 00001'],
    ['', '+91', ''],
  ])('%s shows as %s and %s', (stored, prefix, number) => {
    expect(splitPhone(stored)).toEqual({ prefix, number })
  })

  it.each([
    ['+91', '98220 00001', '+91 9822000001'],
    ['+91', '+91 9822000001', '+91 9822000001'],
    ['+44', '07700 900123', '+44 7700900123'],
    ['+91', '', ''],
  ])('%s and %s are kept as %s', (prefix, number, stored) => {
    expect(joinPhone(prefix, number)).toBe(stored)
  })
})

import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  countriesWithPrefix,
  countryByCode,
  DEFAULT_COUNTRY,
  isKnownPrefix,
} from './countries.ts'

describe('country list (E08)', () => {
  it('defaults to +91 with 10 digits, Indian', () => {
    expect(DEFAULT_COUNTRY).toEqual({
      code: 'IN',
      name: 'India',
      nationality: 'Indian',
      prefix: '+91',
      digits: 10,
    })
    expect(COUNTRIES[0]).toBe(DEFAULT_COUNTRY)
  })

  it.each([
    ['IN', 'Indian', '+91', 10],
    ['US', 'American', '+1', 10],
    ['GB', 'British', '+44', 10],
    ['PT', 'Portuguese', '+351', 9],
    ['RU', 'Russian', '+7', 10],
  ])('%s: %s, %s, %i digits', (code, nationality, prefix, digits) => {
    expect(countryByCode(code)).toMatchObject({ nationality, prefix, digits })
  })

  it('has unique codes, well-formed prefixes and sensible digit counts', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length)
    for (const c of COUNTRIES) {
      expect(c.prefix).toMatch(/^\+\d{1,4}$/)
      expect(c.digits).toBeGreaterThanOrEqual(7)
      expect(c.maxDigits ?? c.digits).toBeGreaterThanOrEqual(c.digits)
      expect(c.prefix.length - 1 + (c.maxDigits ?? c.digits)).toBeLessThanOrEqual(15)
    }
  })

  it('finds countries by prefix, with or without the plus sign', () => {
    expect(
      countriesWithPrefix('+1')
        .map((c) => c.code)
        .sort(),
    ).toEqual(['CA', 'US'])
    expect(countriesWithPrefix('91').map((c) => c.code)).toEqual(['IN'])
    expect(isKnownPrefix('+91')).toBe(true)
    expect(isKnownPrefix('+999')).toBe(false)
    expect(isKnownPrefix('91 or so')).toBe(false)
  })
})

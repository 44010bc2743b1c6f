import { describe, expect, it } from 'vitest'
import { isVpa, upiLink, upiNote } from '@sync/rules/fees/upi.ts'

describe('isVpa', () => {
  it.each([
    ['centre@okaxis', true],
    ['learning.centre-goa_1@ybl', true],
    [' centre@sbi ', true],
    ['centre', false],
    ['@okaxis', false],
    ['centre@', false],
    ['cen tre@okaxis', false],
    ['centre@ok@axis', false],
  ])('%s → %s', (vpa, ok) => {
    expect(isVpa(vpa)).toBe(ok)
  })
})

describe('upiNote', () => {
  it('names the family and the period', () => {
    expect(upiNote(' Sharma  family ', 'June 2026')).toBe('Fee Sharma family June 2026')
  })
  it('keeps at most 80 characters', () => {
    expect(upiNote('x'.repeat(100), 'June 2026')).toHaveLength(80)
  })
})

describe('upiLink', () => {
  it('builds the pay link with the amount in two decimals', () => {
    expect(
      upiLink({
        vpa: 'centre@okaxis',
        payee: 'Learning Centre',
        amount: 14500,
        note: 'Fee Sharma June 2026',
      }),
    ).toBe(
      'upi://pay?pa=centre%40okaxis&pn=Learning%20Centre&am=14500.00&tn=Fee%20Sharma%20June%202026&cu=INR',
    )
  })
  it('escapes characters that would end a field', () => {
    const link = upiLink({ vpa: 'c@ybl', payee: 'A&B (Goa)', amount: 10.5, note: 'x=1&y' })
    expect(link).toContain('pn=A%26B%20%28Goa%29')
    expect(link).toContain('am=10.50')
    expect(link).toContain('tn=x%3D1%26y')
  })
  it.each([0, -1, Number.NaN])('refuses the amount %d', (amount) => {
    expect(() => upiLink({ vpa: 'c@ybl', payee: 'C', amount, note: 'n' })).toThrow(RangeError)
  })
  it('refuses an address that is not a VPA', () => {
    expect(() => upiLink({ vpa: 'centre', payee: 'C', amount: 1, note: 'n' })).toThrow(RangeError)
  })
})

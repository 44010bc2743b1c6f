import { describe, expect, it } from 'vitest'
import { bankDetailsSchema, EMPTY_BANK_DETAILS, usableBankDetails } from './bank-details.ts'

const good = {
  accountName: 'Banyan Tree Learning Trust',
  accountNumber: '6012345678',
  ifsc: 'IDIB000A123',
  bankName: 'Indian Bank',
  branch: 'Mapusa',
}

const problems = (value: unknown) => {
  const result = bankDetailsSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('the centre’s bank details', () => {
  it('takes a complete account, trimmed, or none at all', () => {
    expect(problems(good)).toEqual([])
    expect(bankDetailsSchema.parse({ ...good, branch: '  Mapusa ' }).branch).toBe('Mapusa')
    expect(problems(EMPTY_BANK_DETAILS)).toEqual([])
  })

  it.each([
    [
      { ...good, ifsc: 'IDIB123' },
      'An IFSC is 11 characters: four letters, 0, then six letters or digits',
    ],
    [
      { ...good, ifsc: 'idib000a123' },
      'An IFSC is 11 characters: four letters, 0, then six letters or digits',
    ],
    [{ ...good, accountNumber: '60-1234' }, 'An account number is 6 to 18 digits'],
    [
      { ...good, accountName: '' },
      'Give the account name, number and IFSC together, or leave all three empty',
    ],
    [{ ...good, bankName: 'x'.repeat(101) }, 'Use at most 100 characters'],
  ])('refuses %o with a message', (value, message) => {
    expect(problems(value)).toContain(message)
  })

  it('is usable for a reminder only with an account number', () => {
    expect(usableBankDetails(good)).toEqual(good)
    expect(usableBankDetails({})).toBeNull()
    expect(usableBankDetails({ ...good, ifsc: 'bad' })).toBeNull()
    expect(usableBankDetails(null)).toBeNull()
  })
})

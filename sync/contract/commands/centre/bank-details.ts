// The centre's bank details (issue 40): what families need to pay by bank transfer, kept in the
// centre's shared settings, changed by an admin, and printed in fee reminders. The database
// checks the same rules (public.admin_set_bank_details).
import * as z from 'zod/mini'

const field = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `Use at most ${max} characters`))

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{6,18}$/

export const bankDetailsSchema = z
  .object({
    accountName: field(100),
    accountNumber: field(18).check(
      z.refine((v) => v === '' || ACCOUNT_NUMBER_PATTERN.test(v), {
        message: 'An account number is 6 to 18 digits',
      }),
    ),
    ifsc: field(11).check(
      z.refine((v) => v === '' || IFSC_PATTERN.test(v), {
        message: 'An IFSC is 11 characters: four letters, 0, then six letters or digits',
      }),
    ),
    bankName: field(100),
    branch: field(100),
  })
  .check(
    z.refine(
      (d) =>
        [d.accountName, d.accountNumber, d.ifsc].every((v) => v === '') ||
        [d.accountName, d.accountNumber, d.ifsc].every((v) => v !== ''),
      {
        message: 'Give the account name, number and IFSC together, or leave all three empty',
        path: ['accountName'],
      },
    ),
  )
export type BankDetails = z.infer<typeof bankDetailsSchema>

export const EMPTY_BANK_DETAILS: BankDetails = {
  accountName: '',
  accountNumber: '',
  ifsc: '',
  bankName: '',
  branch: '',
}

/** The stored details, or null when the centre has given none a family could pay to. */
export function usableBankDetails(stored: unknown): BankDetails | null {
  const parsed = bankDetailsSchema.safeParse({ ...EMPTY_BANK_DETAILS, ...(stored as object) })
  return parsed.success && parsed.data.accountNumber !== '' ? parsed.data : null
}

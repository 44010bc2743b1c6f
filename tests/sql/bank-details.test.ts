// The centre's bank details (issue 40): an admin saves them, checked as the form checks them;
// every member who is not blocked reads them; anything else changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)

const good = {
  accountName: 'Banyan Tree Learning Trust',
  accountNumber: '6012345678',
  ifsc: 'IDIB000A123',
  bankName: 'Indian Bank',
  branch: 'Mapusa',
}

describe.each(testDatabases())('the centre’s bank details on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const save = (details: unknown, who = by('admin')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (
          await tx.query<{ r: { message: string; bankDetails: unknown } }>(
            'select public.admin_set_bank_details($1::jsonb) as r',
            [JSON.stringify(details)],
          )
        )[0]!.r,
      { commit: true },
    )
  const read = (who = by('administration')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (await tx.query<{ r: unknown }>('select public.centre_bank_details() as r'))[0]!.r,
    )

  it('is empty until an admin saves it, then every member reads it, trimmed', async () => {
    expect(await read()).toEqual({})
    const answer = await save({ ...good, branch: '  Mapusa  ', bankName: '' })
    expect(answer.message).toBe('Bank details saved')
    const { bankName: _unused, ...saved } = good
    expect(await read()).toEqual(saved)
    expect(await read(by('guardian'))).toEqual(saved)
  })

  it.each([
    [{ ...good, ifsc: 'IDIB123' }, 'An IFSC is 11 characters'],
    [{ ...good, accountNumber: '60-12' }, 'An account number is 6 to 18 digits'],
    [{ ...good, accountName: ' ' }, 'Give the account name, number and IFSC together'],
    [{ ...good, swift: 'IDIBINBB' }, 'Unknown bank detail: swift'],
    [{ ...good, branch: 42 }, 'The branch is text'],
    [['not', 'fields'], 'The bank details are a set of fields'],
  ])('refuses %o and keeps what was saved', async (details, message) => {
    const before = await read()
    await expect(save(details)).rejects.toThrow(message)
    expect(await read()).toEqual(before)
  })

  it('is changed by admins only and read by no blocked member', async () => {
    await expect(save(good, by('administration'))).rejects.toThrow(
      'Only admins can change the bank details',
    )
    await expect(read(by('blocked'))).rejects.toThrow(
      'Only members of the centre can read its bank details',
    )
  })

  it('can be cleared', async () => {
    await save({})
    expect(await read()).toEqual({})
  })
})

// Who may read and change the accounts tables (family contacts, unregistered sign-ins) and who
// may run the accounts_* functions: every role in turn, as `authenticated` or `anon`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => demoAccounts.find((a) => a.label === label)!
const staff = ['admin', 'administration', 'admission'].map(by)
const guardian = by('guardian')
const as = <T>(db: Db, account: DemoAccount | null, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, account ? claimsOf(account) : null, fn)

const contactIds = (tx: Queryable) =>
  tx
    .query<{ id: string }>('select id from public.family_contacts order by id')
    .then((rows) => rows.map((r) => r.id))

describe.each(testDatabases())('accounts RLS on $name', (target) => {
  let db: Db
  let all: string[]
  beforeAll(async () => {
    db = await target.open()
    all = (await db.query<{ id: string }>('select id from public.family_contacts order by id')).map(
      (r) => r.id,
    )
    await db.exec(
      `insert into public.unregistered_signins (email, name) values ('visitor@gmail.com', 'Visitor')`,
    )
  })
  afterAll(() => target.close())

  it.each(staff.map((a) => [a.label, a] as const))(
    '%s reads and changes every family contact',
    async (_l, account) => {
      expect(await as(db, account, contactIds)).toEqual(all)
      const changed = await as(db, account, (tx) =>
        tx.query(
          `update public.family_contacts set name = 'João F.' where id = 'fc-fernandes-joao' returning id`,
        ),
      )
      expect(changed).toHaveLength(1)
      const added = await as(db, account, (tx) =>
        tx.query(`insert into public.family_contacts (family_token, member_type, name, whatsapp)
                values ('demo-family-new', 'guardian', 'New Parent', '919000000099') returning id`),
      )
      expect(added).toHaveLength(1)
    },
  )

  it('a guardian reads their own family only and changes nothing', async () => {
    expect(await as(db, guardian, contactIds)).toEqual([
      'fc-fernandes-ines',
      'fc-fernandes-joao',
      'fc-fernandes-maria',
      'fc-fernandes-tiago',
    ])
    const changed = await as(db, guardian, (tx) =>
      tx.query(`update public.family_contacts set whatsapp = '919999999999' returning id`),
    )
    expect(changed).toEqual([])
    await expect(
      as(db, guardian, (tx) =>
        tx.query(`insert into public.family_contacts (family_token, member_type, whatsapp)
                  values ('demo-family-fernandes', 'guardian', '919000000098')`),
      ),
    ).rejects.toThrow(/row-level security/)
  })

  it.each(['facilitator', 'member (no role yet)', 'blocked'].map((l) => [l, by(l)] as const))(
    '%s reads no family contacts',
    async (_l, account) => {
      expect(await as(db, account, contactIds)).toEqual([])
    },
  )

  it('visitors read nothing and cannot run the accounts functions', async () => {
    await expect(as(db, null, contactIds)).rejects.toThrow(/permission denied/)
    await expect(
      as(db, null, (tx) => tx.query(`select public.accounts_signin_mode('x@y.com')`)),
    ).rejects.toThrow(/permission denied/)
    await expect(
      as(db, guardian, (tx) => tx.query(`select public.accounts_auth_user('x@y.com')`)),
    ).rejects.toThrow(/permission denied/)
  })

  it('only admins read unregistered sign-ins', async () => {
    const read = (account: DemoAccount) =>
      as(db, account, (tx) =>
        tx.query<{ email: string }>('select email from public.unregistered_signins'),
      )
    expect(await read(by('admin'))).toEqual([{ email: 'visitor@gmail.com' }])
    expect(await read(by('administration'))).toEqual([])
    expect(await read(guardian)).toEqual([])
  })
})

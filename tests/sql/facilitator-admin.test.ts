// The admin's Facilitators pane through the sync engine (F37): admins add facilitators who will
// sign up, one per e-mail address, and may remove only those who never set up an account; the
// refusals come back with words an admin can act on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, demoFacilitators } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Doc = Record<string, unknown> & { id: string }
type Pushed = { conflicts: Doc[]; refused: { id: string; reason: string }[] }

async function push(tx: Queryable, rows: unknown[]): Promise<Pushed> {
  const [row] = await tx.query<{ r: Pushed }>(
    `select public.sync_push('facilitators', $1::jsonb) as r`,
    [JSON.stringify(rows)],
  )
  return row!.r
}
const pushAs = (db: Db, who: TestClaims, rows: unknown[]) =>
  asUser(db, who, (tx) => push(tx, rows), { commit: true })

describe.each(testDatabases())('facilitators kept by admins on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const row = (id: string) =>
    db.query<Doc>(
      'select id, name, email, status, auth_uid, _deleted from public.facilitators where id = $1',
      [id],
    )
  const fresh = (id: string, name: string, email: string) => ({
    newDocumentState: { id, name, email, status: 'authPending', auth_uid: null, _deleted: false },
  })

  it('an admin adds a facilitator who will sign up', async () => {
    const result = await pushAs(db, by('admin'), [
      fresh('f-nisha', 'Nisha Kamat', 'nisha@demo.school'),
    ])
    expect(result).toEqual({ conflicts: [], refused: [] })
    expect(await row('f-nisha')).toEqual([
      expect.objectContaining({ name: 'Nisha Kamat', status: 'authPending', auth_uid: null }),
    ])
    // The sign-up finds them by their address.
    const [mode] = await db.query<{ m: unknown }>(
      `select public.accounts_signin_mode('nisha@demo.school') as m`,
    )
    expect(JSON.stringify(mode!.m)).toContain('facilitator_signup')
  })

  it('refuses a second facilitator with the same e-mail address, saying why', async () => {
    const result = await pushAs(db, by('admin'), [
      fresh('f-twin', 'Nisha Again', 'nisha@demo.school'),
    ])
    expect(result.refused).toEqual([
      expect.objectContaining({
        id: 'f-twin',
        reason: 'Another facilitator already has this e-mail address.',
      }),
    ])
    expect(await row('f-twin')).toEqual([])
  })

  it('removes a facilitator who never signed up, but not one with an account', async () => {
    const [nisha] = await row('f-nisha')
    expect(
      (
        await pushAs(db, by('admin'), [
          { newDocumentState: { ...nisha, _deleted: true }, assumedMasterState: nisha },
        ])
      ).refused,
    ).toEqual([])
    expect((await row('f-nisha'))[0]).toMatchObject({ _deleted: true })
    // Once removed, the address can be given to a facilitator again.
    expect(
      (await pushAs(db, by('admin'), [fresh('f-nisha-2', 'Nisha Kamat', 'nisha@demo.school')]))
        .refused,
    ).toEqual([])

    const active = demoFacilitators.find((f) => f.status === 'active')!
    const [current] = await row(active.id)
    const result = await pushAs(db, by('admin'), [
      { newDocumentState: { ...current, _deleted: true }, assumedMasterState: current },
    ])
    expect(result.refused).toEqual([
      expect.objectContaining({
        reason:
          'A facilitator who has set up their account cannot be removed; block their account in Members instead.',
      }),
    ])
    expect((await row(active.id))[0]).toMatchObject({ _deleted: false, status: 'active' })
  })

  it('facilitators and office staff cannot add facilitators', async () => {
    for (const label of ['facilitator admin', 'administration']) {
      const result = await pushAs(db, by(label), [
        fresh(`f-${label}`, 'Someone', `${label.replace(' ', '')}@x.school`),
      ])
      expect(result.refused).toHaveLength(1)
      expect(result.refused[0]!.reason).toBe(
        'You are not allowed to make this change to facilitators.',
      )
    }
  })
})

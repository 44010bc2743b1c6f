// Who changed a record and when (issue 30, item 4): the server stamps every accepted row of every
// replicated collection with the caller and its own clock, never what a device sends. The
// inquiry's detail names the person ("Last changed by … on …"), so inquiries carry the name too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const admission = by('admission')
const administration = by('administration')

/** Each collection's "who" and "when" columns, as the server keeps them. */
const stamps: Record<string, { who: string; when: string }> = {
  facilitators: { who: 'last_edited_by', when: 'last_edited' },
}
const stampOf = (name: string) => stamps[name] ?? { who: 'updated_by', when: 'updated_at' }

async function push(tx: Queryable, collection: string, doc: object, assumed: object) {
  const [row] = await tx.query<{ answer: { refused: unknown[]; conflicts: unknown[] } }>(
    'select public.sync_push($1, $2::jsonb) as answer',
    [collection, JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }])],
  )
  return row!.answer
}

describe.each(testDatabases())('who changed a record, on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('every replicated table stamps the caller and the server time on each insert and update', async () => {
    const collections = await db.query<{ name: string; server_columns: string[] }>(
      `select name, server_columns from app.sync_collections order by name`,
    )
    expect(collections.length).toBeGreaterThanOrEqual(10)
    for (const { name, server_columns } of collections) {
      const { who, when } = stampOf(name)
      // Devices never write them: sync_push leaves the server's columns alone.
      expect(server_columns, name).toEqual(expect.arrayContaining([who, when]))
      const bodies = await db.query<{ body: string }>(
        `select p.prosrc as body
           from pg_trigger t join pg_proc p on p.oid = t.tgfoid
          where t.tgrelid = format('public.%I', $1::text)::regclass and not t.tgisinternal
            and (t.tgtype & 2) <> 0 and (t.tgtype & 1) <> 0
            and (t.tgtype & 4) <> 0 and (t.tgtype & 16) <> 0`,
        [name],
      )
      const stamped = bodies.some(
        (b) =>
          new RegExp(`new\\.${who} := [^;]*auth\\.(uid|email)\\(\\)`).test(b.body) &&
          new RegExp(`new\\.${when} := now\\(\\)`).test(b.body),
      )
      expect(stamped, `${name} stamps ${who} and ${when} before each insert and update`).toBe(true)
    }
  })

  it.each([
    ['inquiries', admission, `id = 'inq-demo-naik'`, { potential: true }],
    ['families', administration, `id = 'demo-family-fernandes'`, { name: 'Fernandes-Rao' }],
    ['students', administration, `id = 'st-tiago'`, { name: 'Tiago F.' }],
  ] as const)(
    'an accepted change to %s is stamped with the caller and the server time, whatever the device sent',
    async (collection, account, where, change) => {
      const stamped = await asUser(db, claimsOf(account), async (tx) => {
        const [row] = await tx.query<{ doc: Record<string, unknown> }>(
          `select to_jsonb(t) - '_seq' - '_modified' as doc from public.${collection} t where ${where}`,
        )
        const before = row!.doc
        const answer = await push(
          tx,
          collection,
          {
            ...before,
            ...change,
            updated_by: administration.id === account.id ? admission.id : administration.id,
            updated_at: '2001-01-01T00:00:00Z',
            ...(collection === 'inquiries' ? { updated_by_name: 'Someone Else' } : {}),
          },
          before,
        )
        const [after] = await tx.query<{ doc: Record<string, unknown>; age: number }>(
          `select to_jsonb(t) as doc, extract(epoch from (now() - t.updated_at)) as age
             from public.${collection} t where ${where}`,
        )
        return { answer, after: after!.doc, age: Number(after!.age) }
      })
      expect(stamped.answer).toEqual({ conflicts: [], refused: [] })
      expect(stamped.after).toMatchObject({ ...change, updated_by: account.id })
      expect(Math.abs(stamped.age)).toBeLessThan(60)
      if (collection === 'inquiries') expect(stamped.after.updated_by_name).toBe(account.name)
    },
  )

  it('an inquiry the server wrote itself (the seed, the public forms) names nobody', async () => {
    const [row] = await db.query<{ updated_by: string | null; updated_by_name: string | null }>(
      `select updated_by, updated_by_name from public.inquiries where id = 'inq-demo-naik'`,
    )
    expect(row).toEqual({ updated_by: null, updated_by_name: null })
  })
})

// The System Errors and Warnings panes (F30, F31): server code records entries, admins read them
// page by page, newest first, and dismiss them; nobody else reads, writes or dismisses them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Entry = { id: string; source: string; message: string; dismissed_at: string | null }
type Page = { total: number; pageSize: number; rows: Entry[] }

describe.each(testDatabases())('system log on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const record = (kind: string, source: string, message: string) =>
    asUser(
      db,
      null,
      async (tx) =>
        (
          await tx.query<{ id: string }>('select public.log_system_event($1, $2, $3, $4) as id', [
            kind,
            source,
            message,
            JSON.stringify({ n: 1 }),
          ])
        )[0]!.id,
      { role: 'service_role', commit: true },
    )
  const read = (kind: string, showDismissed = false, offset = 0, who: TestClaims = by('admin')) =>
    asUser(db, who, async (tx) => {
      const [row] = await tx.query<{ r: Page }>('select public.admin_system_log($1, $2, $3) as r', [
        kind,
        showDismissed,
        offset,
      ])
      return row!.r
    })
  const dismiss = (kind: string, entry: string | null, who: TestClaims = by('admin')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (
          await tx.query<{ r: { message: string; dismissed: number } }>(
            'select public.admin_dismiss_log($1, $2) as r',
            [kind, entry],
          )
        )[0]!.r,
      { commit: true },
    )

  it('server code records errors and warnings; admins read each kind newest first', async () => {
    const first = await record('error', 'accounts', 'registerMember failed: timeout')
    const second = await record('error', 'e-mail', 'The e-mail "Welcome" could not be sent')
    await record('warning', 'e-mail', 'The e-mail "Timetable" was not accepted')
    const errors = await read('error')
    expect(errors.total).toBe(2)
    expect(errors.rows.map((r) => r.id)).toEqual([second, first])
    expect(errors.rows[0]).toMatchObject({ source: 'e-mail', dismissed_at: null })
    expect((await read('warning')).rows.map((r) => r.message)).toEqual([
      'The e-mail "Timetable" was not accepted',
    ])
  })

  it('refuses entries without a source or message, and of another kind', async () => {
    await expect(record('error', ' ', 'x')).rejects.toThrow(
      'A log entry needs a source and a message',
    )
    await expect(record('notice', 'x', 'y')).rejects.toThrow(
      'A log entry is an error or a warning, not notice',
    )
  })

  it('an admin dismisses one entry, then all; dismissed entries show only when asked', async () => {
    const open = await read('error')
    const one = open.rows[0]!.id
    expect(await dismiss('error', one)).toMatchObject({
      dismissed: 1,
      message: '1 entry dismissed',
    })
    expect((await read('error')).total).toBe(open.total - 1)
    expect((await read('error', true)).total).toBe(open.total)
    await expect(dismiss('error', one)).rejects.toThrow(
      'That entry does not exist or is already dismissed',
    )
    await record('error', 'accounts', 'another')
    const all = await dismiss('error', null)
    expect(all.dismissed).toBe(open.total)
    expect(all.message).toBe(`${open.total} entries dismissed`)
    expect((await read('error')).total).toBe(0)
  })

  it('pages by the shared page size', async () => {
    await db.query(`update public.app_settings set pagination_limit = 5 where id = 'shared'`)
    for (let i = 0; i < 7; i++) await record('warning', 'sync', `slow pull ${i}`)
    const page1 = await read('warning')
    const page2 = await read('warning', false, 5)
    expect(page1.pageSize).toBe(5)
    expect(page1.rows).toHaveLength(5)
    expect(page2.rows).toHaveLength(page1.total - 5)
    await db.query(`update public.app_settings set pagination_limit = 15 where id = 'shared'`)
  })

  it('nobody but admins reads or dismisses, and members cannot record entries', async () => {
    for (const label of ['administration', 'facilitator', 'guardian', 'blocked']) {
      await expect(read('error', false, 0, by(label))).rejects.toThrow(
        'Only admins can read the system log',
      )
      await expect(dismiss('warning', null, by(label))).rejects.toThrow(
        'Only admins can dismiss log entries',
      )
    }
    await expect(
      asUser(db, by('admin'), (tx) =>
        tx.query(`select public.log_system_event('error', 'app', 'forged')`),
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

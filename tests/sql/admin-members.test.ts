import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Page = {
  total: number
  pageSize: number
  rows: { email: string; role: string; status: string; signin_count: number }[]
}

describe.each(testDatabases())('admin member list on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const list = (
    filter: string,
    sort = 'name',
    size: number | null = null,
    offset = 0,
    who = by('admin'),
  ) =>
    asUser(db, who, async (tx) => {
      const [row] = await tx.query<{ r: Page }>(
        'select public.admin_list_members($1, $2, $3, $4) as r',
        [filter, sort, size, offset],
      )
      return row!.r
    })

  it.each([
    ['all', demoAccounts.length],
    ['guardians', demoAccounts.filter((a) => a.role === 'guardian').length],
    ['students', 1],
    ['facilitators', 3],
    ['administration', 3],
    ['blocked', 1],
  ])('%s lists %i members', async (filter, count) => {
    const page = await list(filter)
    expect(page.total).toBe(count)
  })

  it('pages by the configured size (15 by default) and sorts by name, newest or frequent', async () => {
    const first = await list('all', 'name', 4, 0)
    const second = await list('all', 'name', 4, 4)
    expect(first.rows).toHaveLength(4)
    expect(first.pageSize).toBe(4)
    expect(new Set([...first.rows, ...second.rows].map((r) => r.email)).size).toBe(8)
    const names = (await list('all')).rows.map((r) => r.email)
    expect((await list('all')).pageSize).toBe(15)
    expect(names).toHaveLength(demoAccounts.length)
    await db.query(
      "update public.members set signin_count = 99 where email = 'student@demo.school'",
    )
    expect((await list('all', 'frequent')).rows[0]!.email).toBe('student@demo.school')
  })

  it('refuses other roles, unknown filters and sorts', async () => {
    await expect(list('all', 'name', null, 0, by('administration'))).rejects.toThrow(
      'Only admins can list members',
    )
    await expect(list('everyone')).rejects.toThrow('Unknown filter: everyone')
    await expect(list('all', 'age')).rejects.toThrow('Unknown sort: age')
  })

  it('blocks and unblocks a member, but an admin cannot block themselves', async () => {
    const guardian = demoAccounts.find((a) => a.label === 'guardian')!
    const setStatus = (who: ReturnType<typeof by>, member: string, status: string) =>
      asUser(
        db,
        who,
        async (tx) =>
          (
            await tx.query<{ r: { message: string } }>(
              'select public.admin_set_member_status($1, $2) as r',
              [member, status],
            )
          )[0]!.r,
        { commit: true },
      )
    expect(await setStatus(by('admin'), guardian.id, 'blocked')).toMatchObject({
      type: 'success',
      message: 'member status updated',
    })
    expect((await list('blocked')).rows.map((r) => r.email)).toContain(guardian.email)
    await setStatus(by('admin'), guardian.id, 'verified')
    expect((await list('blocked')).rows.map((r) => r.email)).not.toContain(guardian.email)
    await expect(setStatus(by('admin'), by('admin').sub, 'blocked')).rejects.toThrow(
      'You cannot block yourself',
    )
    await expect(setStatus(by('facilitator'), guardian.id, 'blocked')).rejects.toThrow(
      'Only admins can block or unblock members',
    )
  })
})

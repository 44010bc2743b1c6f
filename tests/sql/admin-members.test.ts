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

  it('says whose e-mail address is confirmed, as the sign-in account has it', async () => {
    const rows = (await list('all', 'name', 100)).rows as (Page['rows'][number] & {
      email_confirmed: boolean | null
    })[]
    const state = (email: string) => rows.find((r) => r.email === email)?.email_confirmed
    expect(state('unverified@demo.school')).toBe(false)
    expect(state('guardian@demo.school')).toBe(true)
    const unconfirmed = rows.filter((r) => r.email_confirmed === false).length
    expect(unconfirmed).toBe(demoAccounts.filter((a) => !a.confirmed).length)
  })

  const find = (search: string | null, filter = 'all') =>
    asUser(db, by('admin'), async (tx) => {
      const [row] = await tx.query<{ r: Page }>(
        'select public.admin_list_members(filter => $1, search => $2) as r',
        [filter, search],
      )
      return row!.r
    })

  it('F15: finds members by name or e-mail, in part and in any case, within the filter', async () => {
    const found = await find('maria FERNANDES')
    expect(found.rows.map((r) => r.email)).toEqual(['guardian@demo.school'])
    expect(found.total).toBe(1)
    expect((await find('fernandes')).rows.map((r) => r.email)).toEqual([
      'guardian@demo.school',
      'student@demo.school',
    ])
    expect((await find('@demo.SCHOOL')).total).toBe(demoAccounts.length)
    expect((await find('fernandes', 'students')).rows.map((r) => r.email)).toEqual([
      'student@demo.school',
    ])
    // What is typed is text, never a pattern: '%' and '_' match only themselves.
    expect((await find('%')).total).toBe(0)
    expect((await find('_')).total).toBe(0)
    expect((await find('   ')).total).toBe(demoAccounts.length)
    expect((await find(null)).total).toBe(demoAccounts.length)
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
  const overview = (who = by('admin')) =>
    asUser(db, who, async (tx) => {
      const [row] = await tx.query<{ r: Record<string, unknown> }>(
        'select public.admin_overview() as r',
      )
      return row!.r
    })
  const setPageSize = (size: unknown, who = by('admin')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (await tx.query<{ r: unknown }>('select public.admin_set_page_size($1) as r', [size]))[0]!
          .r,
      { commit: true },
    )

  it('counts members, accounts, logs and e-mails from the data itself (F17)', async () => {
    await db.exec(`
      insert into public.system_errors (source, message) values ('outbox', 'SMTP refused');
      insert into public.system_errors (source, message, dismissed_at) values ('outbox', 'old', now());
      insert into public.system_warnings (source, message) values ('sync', 'slow pull');
      insert into public.email_outbox (recipients, subject, html_body, email_type, status)
        values ('{a@b.c}', 'One', '<p>1</p>', 'Members', 'sent'),
               ('{a@b.c}', 'Two', '<p>2</p>', 'Inquiry', 'failed');`)
    const counts = await overview()
    const confirmed = demoAccounts.filter((a) => a.confirmed)
    expect(counts).toMatchObject({
      paginationLimit: 15,
      members: {
        memberCount: demoAccounts.length,
        guardians: demoAccounts.filter((a) => a.role === 'guardian').length,
        students: 1,
        facilitators: 3,
        administration: 3,
        members: demoAccounts.filter((a) => a.role === 'member').length,
        blocked: 1,
      },
      functionErrors: 1,
      systemWarnings: 1,
      emailsFailed: 1,
      emailTypes: { Members: expect.any(Number), Inquiry: 1, 'Payment Receipt': 0 },
    })
    const accounts = counts.accounts as { users: number; unverified: number }
    expect(accounts.users - accounts.unverified).toBeGreaterThanOrEqual(confirmed.length)
    expect(accounts.unverified).toBeGreaterThanOrEqual(1)
    const outbox = await db.query<{ n: number }>(
      'select count(*)::int as n from public.email_outbox',
    )
    expect(counts.backendEmails).toBe(outbox[0]!.n)
    const feedback = await db.query<{ entries: number; ready: number }>(
      `select count(*) filter (where kind = 'student')::int as entries,
              count(*) filter (where status = 'ready')::int as ready from public.feedback`,
    )
    expect({ feedback: counts.feedback, feedbackReady: counts.feedbackReady }).toEqual({
      feedback: feedback[0]!.entries,
      feedbackReady: feedback[0]!.ready,
    })
    await expect(overview(by('administration'))).rejects.toThrow(
      "Only admins can read the centre's counts",
    )
  })

  it('an admin sets the page size every admin list uses (F16); bad sizes change nothing', async () => {
    expect(await setPageSize(5)).toMatchObject({ type: 'success', paginationLimit: 5 })
    const page = await list('all')
    expect(page.pageSize).toBe(5)
    expect(page.rows).toHaveLength(5)
    for (const bad of [4, 101, null]) {
      await expect(setPageSize(bad)).rejects.toThrow(
        'The page size is a whole number from 5 to 100',
      )
    }
    await expect(setPageSize(20, by('facilitator'))).rejects.toThrow(
      'Only admins can change the page size',
    )
    expect((await overview()).paginationLimit).toBe(5)
    await setPageSize(15)
    expect((await list('all')).pageSize).toBe(15)
  })
})

// The demo centre: seed.sql is generated from the one list of demo accounts, and every account
// in that list exists with the password the host prints.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import {
  demoAccounts,
  demoFacilitators,
  seedPath,
  seedSql,
} from '../../supabase/local/demo-accounts.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { collections } from '@sync/contract/collections/index.ts'
import { checkRow } from '@sync/contract/schema.ts'

it('supabase/seed.sql is up to date with supabase/local/demo-accounts.ts', async () => {
  expect(await readFile(seedPath, 'utf8')).toBe(seedSql())
})

describe.each(testDatabases())('seeded demo centre on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  // A device hides a pulled row that does not fit its collection's schemas (sync/engine/replication.ts):
  // every row of the demo centre must fit, or its screens would lose it.
  it.each(collections.map((c) => [c.name, c] as const))(
    'has %s rows that fit the collection schemas',
    async (name, def) => {
      const rows = await db.query<{ row: Record<string, unknown> }>(
        `select to_jsonb(t) - '_seq' - '_modified' - '_deleted' as row from public.${name} t`,
      )
      const unreadable = rows
        .map(({ row }) => ({ id: row.id, check: checkRow(def, row) }))
        .filter((r) => !r.check.ok)
      expect(unreadable).toEqual([])
    },
  )

  // Two "Kamat" cards after one admission: the demo centre's own Kamat family (Vivaan's) had no
  // guardians, so beside a new Kamat family it read as an empty duplicate. A family record always
  // names its guardians (the admission makes them from the application); the demo's do too.
  it('names at least one guardian, with a phone number, in every demo family', async () => {
    const rows = await db.query<{ id: string; names: string[]; phones: string[] }>(
      `select f.id,
              coalesce(array_agg(btrim(g ->> 'firstName')) filter (where g is not null), '{}') as names,
              coalesce(array_agg(g ->> 'mobile') filter (where g is not null), '{}') as phones
         from public.families f
         left join lateral jsonb_array_elements(f.data -> 'guardians') g on true
        where f.id like 'demo-family-%'
        group by f.id order by f.id`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(10)
    const bare = rows.filter(
      (r) => r.names.length === 0 || r.names.some((n) => !n) || r.phones.some((p) => !p),
    )
    expect(bare.map((r) => r.id)).toEqual([])
  })

  it('has every demo account with its printed password, role and confirmation state', async () => {
    for (const account of demoAccounts) {
      const [row] = await db.query<{
        ok: boolean
        confirmed: boolean
        role: string
        status: string
        extra: string | null
      }>(
        `select u.encrypted_password = extensions.crypt($2, u.encrypted_password) as ok,
                u.email_confirmed_at is not null as confirmed, m.role, m.status, m.extra
           from auth.users u join public.members m on m.id = u.id where u.email = $1`,
        [account.email, account.password],
      )
      expect(row, account.email).toEqual({
        ok: true,
        confirmed: account.confirmed,
        role: account.role,
        status: account.status,
        extra: account.extra,
      })
    }
  })

  it('gives every account an e-mail identity and the token columns Supabase Auth reads as strings', async () => {
    const rows = await db.query<{ email: string; identities: number; nulls: boolean }>(
      `select u.email,
              (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email') as identities,
              (u.confirmation_token is null or u.recovery_token is null or u.email_change_token_new is null
                or u.email_change is null) as nulls
         from auth.users u where u.email = any($1) order by u.email`,
      [demoAccounts.map((a) => a.email)],
    )
    expect(rows).toHaveLength(demoAccounts.length)
    for (const row of rows) expect(row, row.email).toMatchObject({ identities: 1, nulls: false })
  })

  it('has active facilitators linked to accounts and one pending facilitator without an account', async () => {
    const rows = await db.query<{ id: string; status: string; auth_uid: string | null }>(
      'select id, status, auth_uid from public.facilitators where id = any($1) order by id',
      [demoFacilitators.map((f) => f.id)],
    )
    expect(rows).toEqual(
      demoFacilitators.map((f) => ({ id: f.id, status: f.status, auth_uid: f.accountId })),
    )
    expect(rows.filter((r) => r.status === 'authPending' && r.auth_uid === null)).toHaveLength(1)
  })
  // A facilitator or a room is in one place at a time: no two lessons of the demo week (any
  // groups, any timing sets) that overlap in time share a facilitator or a classroom.
  it('books no facilitator and no classroom twice at the same time', async () => {
    const timings = new Map(
      (
        await db.query<{ id: string; timing: string }>(
          `select id, data ->> 'timing' as timing from public.reference where kind = 'session_timing'`,
        )
      ).map((t) => {
        const [from, to] = t.timing.split('-').map((part) => {
          const [h, m] = part.trim().split(':').map(Number)
          return h! * 60 + m!
        })
        return [t.id, { from: from!, to: to! }] as const
      }),
    )
    const templates = await db.query<{ id: string; days: Record<string, Lesson[]> }>(
      `select id, data -> 'days' as days from public.timetables where kind = 'group_template'`,
    )
    type Lesson = {
      id: string
      timingId: string
      facilitatorId: string | null
      classroomId: string | null
    }
    expect(templates.length).toBeGreaterThan(1)
    const clashes: string[] = []
    const taught = new Set<string>()
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      const lessons = templates.flatMap((t) => t.days[day] ?? [])
      for (const l of lessons) if (l.facilitatorId) taught.add(l.facilitatorId)
      lessons.forEach((a, i) => {
        for (const b of lessons.slice(i + 1)) {
          const ta = timings.get(a.timingId)
          const tb = timings.get(b.timingId)
          if (!ta || !tb) throw new Error(`no timing for ${a.id} or ${b.id}`)
          if (ta.from >= tb.to || tb.from >= ta.to) continue
          if (a.facilitatorId && a.facilitatorId === b.facilitatorId)
            clashes.push(`${a.facilitatorId} teaches ${a.id} and ${b.id}`)
          if (a.classroomId && a.classroomId === b.classroomId)
            clashes.push(`${a.classroomId} holds ${a.id} and ${b.id}`)
        }
      })
    }
    expect(clashes).toEqual([])
    // Every demo facilitator still has lessons to show.
    expect([...taught].sort()).toEqual(demoFacilitators.map((f) => f.id).sort())
  })
})

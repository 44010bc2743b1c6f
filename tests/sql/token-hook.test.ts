// The custom access token hook, called as Supabase Auth calls it (as supabase_auth_admin), and
// the RLS helpers that make blocking take effect without waiting for a new token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { applyAuth } from '../../supabase/local/deps.ts'
import {
  DEMO_FAMILY_TOKEN,
  DEMO_PF_FAMILY_TOKEN,
  demoAccounts,
  demoFacilitators,
} from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const standardClaims = (id: string, email: string) => ({
  aud: 'authenticated',
  exp: 2000000000,
  iat: 1999996400,
  sub: id,
  email,
  phone: '',
  role: 'authenticated',
  aal: 'aal1',
  session_id: '11111111-1111-4111-8111-111111111111',
  is_anonymous: false,
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
})

async function hook(q: Queryable, userId: string, email: string): Promise<Record<string, unknown>> {
  const [row] = await q.query<{ out: { claims: Record<string, unknown> } }>(
    `select public.custom_access_token_hook($1::jsonb) as out`,
    [
      JSON.stringify({
        user_id: userId,
        claims: standardClaims(userId, email),
        authentication_method: 'password',
      }),
    ],
  )
  return row!.out.claims
}

/** Runs `fn` as Supabase Auth's database role, after `setup` ran as the owner; rolls back. */
async function asAuthAdmin<T>(db: Db, fn: (tx: Queryable) => Promise<T>, setup = ''): Promise<T> {
  let value: T | undefined
  await db
    .transaction(async (tx) => {
      if (setup) await tx.exec(setup)
      await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
      value = await fn(tx)
      throw new Error('rollback')
    })
    .catch((error: unknown) => {
      if ((error as Error).message !== 'rollback') throw error
    })
  return value as T
}

const fid = (n: number) => demoFacilitators[n - 1]!.id
// label → the claims the app routes and guards on (core.md §4 "Role flags", §6).
const expected: Record<string, Record<string, unknown>> = {
  admin: {
    app_role: 'admin',
    app_status: 'verified',
    is_system_admin: true,
    is_facilitator_admin: false,
    is_profile_admin: true,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: null,
  },
  administration: {
    app_role: 'administration',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: null,
  },
  admission: {
    app_role: 'admission',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: null,
  },
  facilitator: {
    app_role: 'facilitator',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: fid(1),
  },
  'facilitator admin': {
    app_role: 'facilitator',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: true,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: fid(2),
  },
  guardian: {
    app_role: 'guardian',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: DEMO_FAMILY_TOKEN,
    facilitator_id: null,
  },
  student: {
    app_role: 'student',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: DEMO_FAMILY_TOKEN,
    facilitator_id: null,
  },
  'parent facilitator': {
    app_role: 'guardian',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: true,
    family_token: DEMO_PF_FAMILY_TOKEN,
    facilitator_id: fid(3),
  },
  'member (no role yet)': {
    app_role: 'member',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: null,
  },
  blocked: {
    app_role: 'guardian',
    app_status: 'blocked',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: 'demo-family-blocked',
    facilitator_id: null,
  },
  'unverified e-mail': {
    app_role: 'member',
    app_status: 'verified',
    is_system_admin: false,
    is_facilitator_admin: false,
    is_profile_admin: false,
    is_parent_facilitator: false,
    family_token: null,
    facilitator_id: null,
  },
}

describe.each(testDatabases())('access token hook and blocking on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('covers every demo account', () => {
    expect(Object.keys(expected).sort()).toEqual(demoAccounts.map((a) => a.label).sort())
  })

  it.each(demoAccounts.map((a) => [a.label, a] as const))(
    'puts the role, status, flags and ids of %s into the token',
    async (label, account) => {
      const claims = await asAuthAdmin(db, (tx) => hook(tx, account.id, account.email))
      expect(claims).toMatchObject({ ...expected[label], member_id: account.id })
      // The standard claims Supabase requires stay as they were.
      expect(claims).toMatchObject(standardClaims(account.id, account.email))
    },
  )

  it('gives an account without a member record no role and no flags', async () => {
    const id = '22222222-2222-4222-8222-222222222222'
    const claims = await asAuthAdmin(
      db,
      (tx) => hook(tx, id, 'stranger@example.com'),
      `insert into auth.users (id, aud, role, email) values ('${id}', 'authenticated', 'authenticated', 'stranger@example.com')`,
    )
    expect(claims).toMatchObject({
      app_role: null,
      app_status: null,
      member_id: null,
      is_system_admin: false,
      is_facilitator_admin: false,
      is_profile_admin: false,
      is_parent_facilitator: false,
    })
  })

  it('is reflected at once when an admin is blocked', async () => {
    const admin = demoAccounts.find((a) => a.label === 'admin')!
    const claims = await asAuthAdmin(
      db,
      (tx) => hook(tx, admin.id, admin.email),
      `update public.members set status = 'blocked' where id = '${admin.id}'`,
    )
    expect(claims).toMatchObject({
      app_role: 'admin',
      app_status: 'blocked',
      is_system_admin: false,
      is_profile_admin: false,
    })
  })

  it('can be run only by Supabase Auth', async () => {
    const admin = demoAccounts.find((a) => a.label === 'admin')!
    for (const account of [admin, null]) {
      await expect(
        asUser(db, account ? claimsOf(account) : null, (tx) => hook(tx, admin.id, admin.email)),
      ).rejects.toMatchObject({
        code: '42501',
      })
    }
  })

  it('blocking takes effect on the next query, with the token unchanged', async () => {
    const facilitator = demoAccounts.find((a) => a.label === 'facilitator')!
    const seen: unknown[] = []
    await db
      .transaction(async (tx) => {
        await applyAuth(tx, { role: 'authenticated', claims: claimsOf(facilitator) })
        seen.push(
          await tx.query(
            'select app.role() as role, app.is_facilitator() as f, app.facilitator_id() as fid',
          ),
        )
        seen.push((await tx.query('select id from public.facilitators')).length)
        // The admin blocks the facilitator (server code runs as service_role).
        await tx.query(`select set_config('role', 'service_role', true)`)
        await tx.query(`update public.members set status = 'blocked' where id = $1`, [
          facilitator.id,
        ])
        await applyAuth(tx, { role: 'authenticated', claims: claimsOf(facilitator) })
        seen.push(
          await tx.query(
            'select app.role() as role, app.is_facilitator() as f, app.facilitator_id() as fid, app.is_blocked() as b',
          ),
        )
        seen.push((await tx.query('select id from public.facilitators')).length)
        throw new Error('rollback')
      })
      .catch((error: unknown) => {
        if ((error as Error).message !== 'rollback') throw error
      })
    expect(seen).toEqual([
      [{ role: 'facilitator', f: true, fid: demoFacilitators[0]!.id }],
      demoFacilitators.length,
      [{ role: null, f: false, fid: null, b: true }],
      0,
    ])
  })
})

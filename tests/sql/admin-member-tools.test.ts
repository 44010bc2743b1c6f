// The admin's member tools: a member's latest sign-ins (F29) and adding or removing a member as
// facilitator (F23), with the rights that follow on the member's next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const account = (label: string) => demoAccounts.find((a) => a.label === label)!
const by = (label: string) => claimsOf(account(label))

describe.each(testDatabases())('admin member tools on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const call = <T>(sql: string, args: unknown[], who: TestClaims = by('admin')) =>
    asUser(db, who, async (tx) => (await tx.query<{ r: T }>(sql, args))[0]!.r, { commit: true })
  const history = (member: string, who?: TestClaims) =>
    call<{ at: string; app_version: string }[]>(
      'select public.admin_login_history($1) as r',
      [member],
      who,
    )
  const setFacilitator = (member: string, make: boolean, who?: TestClaims) =>
    call<{ message: string; facilitatorId: string | null }>(
      'select public.admin_set_facilitator($1, $2) as r',
      [member, make],
      who,
    )
  const memberRow = async (id: string) =>
    (
      await db.query<{
        role: string
        extra: string | null
        is_facilitator: boolean
        facilitator_id: string | null
      }>('select role, extra, is_facilitator, facilitator_id from public.members where id = $1', [
        id,
      ])
    )[0]!
  const canFacilitate = (who: TestClaims) =>
    asUser(
      db,
      who,
      async (tx) => (await tx.query<{ f: boolean }>('select app.is_facilitator() as f'))[0]!.f,
    )

  it('shows the latest 20 sign-ins of a member, newest first (F29)', async () => {
    const guardian = account('guardian')
    await db.query(
      `insert into public.login_history (member_id, at, app_version)
       select $1, now() - make_interval(mins => n), '1.0.' || n from generate_series(1, 25) n`,
      [guardian.id],
    )
    const rows = await history(guardian.id)
    expect(rows).toHaveLength(20)
    expect(rows[0]!.app_version).toBe('1.0.1')
    expect(rows[19]!.app_version).toBe('1.0.20')
    expect(await history(account('student').id)).toEqual([])
    await expect(history(guardian.id, by('administration'))).rejects.toThrow(
      'Only admins can read sign-in histories',
    )
  })

  it('makes a member without a role a facilitator with a new active record, and back (F23)', async () => {
    const member = account('member (no role yet)')
    expect(await canFacilitate(by('member (no role yet)'))).toBe(false)
    const added = await setFacilitator(member.id, true)
    expect(added.message).toBe('Facilitator list updated')
    expect(await memberRow(member.id)).toEqual({
      role: 'facilitator',
      extra: null,
      is_facilitator: true,
      facilitator_id: added.facilitatorId,
    })
    const [record] = await db.query(
      'select name, email, status, auth_uid from public.facilitators where id = $1',
      [added.facilitatorId],
    )
    expect(record).toEqual({
      name: member.name,
      email: member.email,
      status: 'active',
      auth_uid: member.id,
    })
    expect(await canFacilitate(by('member (no role yet)'))).toBe(true)

    // Adding again finds the same record.
    expect((await setFacilitator(member.id, true)).facilitatorId).toBe(added.facilitatorId)

    await setFacilitator(member.id, false)
    expect(await memberRow(member.id)).toEqual({
      role: 'member',
      extra: null,
      is_facilitator: false,
      facilitator_id: null,
    })
    expect(await canFacilitate(by('member (no role yet)'))).toBe(false)
    // The record stays: lessons still name it.
    const [kept] = await db.query('select status from public.facilitators where id = $1', [
      added.facilitatorId,
    ])
    expect(kept).toEqual({ status: 'active' })
  })

  it('makes a guardian a parent facilitator, linking the pending record with their address', async () => {
    const guardian = account('guardian')
    await db.query(
      `insert into public.facilitators (id, name, email) values ('f-maria', 'Maria F.', $1)`,
      [guardian.email],
    )
    const added = await setFacilitator(guardian.id, true)
    expect(added.facilitatorId).toBe('f-maria')
    expect(await memberRow(guardian.id)).toMatchObject({ role: 'guardian', extra: 'pf' })
    const [record] = await db.query(
      'select status, auth_uid from public.facilitators where id = $1',
      ['f-maria'],
    )
    expect(record).toEqual({ status: 'active', auth_uid: guardian.id })
    expect(await canFacilitate(by('guardian'))).toBe(true)
    await setFacilitator(guardian.id, false)
    expect(await memberRow(guardian.id)).toMatchObject({ role: 'guardian', extra: null })
  })

  it('refuses staff and students, unknown members, and callers who are not admins', async () => {
    for (const label of ['student', 'administration', 'admin']) {
      await expect(setFacilitator(account(label).id, true)).rejects.toThrow(
        'Only members without a role and guardians can be made facilitators.',
      )
    }
    await expect(setFacilitator('00000000-0000-4000-8000-0000000000ff', true)).rejects.toThrow(
      'No such member',
    )
    await expect(
      setFacilitator(account('guardian').id, true, by('facilitator admin')),
    ).rejects.toThrow('Only admins can add or remove facilitators')
    expect(await memberRow(account('student').id)).toMatchObject({
      role: 'student',
      is_facilitator: false,
    })
  })
  const remove = (member: string, who?: TestClaims) =>
    call<{ message: string }>('select public.admin_delete_member($1) as r', [member], who)

  it('deletes a member with their account and history; their facilitator record waits again (F21)', async () => {
    const asha = account('facilitator')
    await db.query(`insert into public.login_history (member_id) values ($1)`, [asha.id])
    await expect(remove(asha.id, by('facilitator admin'))).rejects.toThrow(
      'Only admins can delete members',
    )
    expect(await remove(asha.id)).toMatchObject({ type: 'success', message: 'Member deleted' })
    expect(await db.query('select id from public.members where id = $1', [asha.id])).toEqual([])
    expect(await db.query('select id from auth.users where id = $1', [asha.id])).toEqual([])
    expect(
      await db.query('select id from public.login_history where member_id = $1', [asha.id]),
    ).toEqual([])
    const [record] = await db.query<{ status: string; auth_uid: string | null }>(
      'select status, auth_uid from public.facilitators where email = $1',
      [asha.email],
    )
    expect(record).toEqual({ status: 'authPending', auth_uid: null })
    // The sign-up can find them again.
    const [mode] = await db.query<{ m: unknown }>('select public.accounts_signin_mode($1) as m', [
      asha.email,
    ])
    expect(JSON.stringify(mode!.m)).toContain('facilitator_signup')
  })

  it('frees a connected family contact, and refuses self-deletion and unknown members', async () => {
    const student = account('student')
    await db.query(
      `update public.family_contacts set member_id = $1, connected_at = now()
        where id = (select id from public.family_contacts limit 1)`,
      [student.id],
    )
    await remove(student.id)
    expect(
      await db.query(
        'select id from public.family_contacts where member_id = $1 or (member_id is null and connected_at is not null)',
        [student.id],
      ),
    ).toEqual([])
    await expect(remove(account('admin').id)).rejects.toThrow('You cannot delete your own account')
    await expect(remove(student.id)).rejects.toThrow('No such member')
  })
})

// /rest/v1/rpc through supabase-js: the caller's role and claims reach Postgres, RLS decides what
// comes back, results and errors have PostgREST's shapes and statuses.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

const account = (label: string) => demoAccounts.find((a) => a.label === label)!

// Functions of every return shape, so the shapes are tested apart from the app's functions.
const SHAPES = `
  create function public.t_echo(say text, times int default 1) returns text
    language sql immutable as $$ select repeat(say, times) $$;
  create function public.t_numbers(upto int) returns setof int
    language sql immutable as $$ select generate_series(1, upto) $$;
  create function public.t_nothing() returns void language sql as $$ select $$;
  create function public.t_pairs() returns table (k text, v int)
    language sql immutable as $$ values ('a', 1), ('b', 2) $$;
  create function public.t_json(doc jsonb, tags text[]) returns jsonb
    language sql immutable as $$ select jsonb_build_object('doc', doc, 'tags', to_jsonb(tags)) $$;
  create table public.t_unique (k text primary key);
  alter table public.t_unique enable row level security;
  create function public.t_insert(k text) returns void language sql security definer set search_path = ''
    as $$ insert into public.t_unique values (k) $$;
  create function public.t_refuse() returns void language plpgsql as $$
    begin raise exception 'Fees are closed' using errcode = 'PT409', detail = 'closed until June'; end $$;
  grant execute on function public.t_echo(text, int), public.t_numbers(int), public.t_nothing(),
    public.t_pairs(), public.t_json(jsonb, text[]), public.t_insert(text), public.t_refuse() to anon, authenticated;`

describe.each(testDatabases())('rpc on $name', (target) => {
  let host: TestHost
  let visitor: SupabaseClient
  const signedIn: Record<string, SupabaseClient> = {}

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    await host.db.exec(SHAPES)
    visitor = host.client()
    for (const label of ['admin', 'guardian', 'blocked', 'facilitator']) {
      const client = host.client()
      const a = account(label)
      const { error } = await client.auth.signInWithPassword({
        email: a.email,
        password: a.password,
      })
      if (error) throw error
      signedIn[label] = client
    }
  })
  afterAll(() => host?.stop())

  it('lets a visitor read the published version but no member data', async () => {
    const site = await visitor.rpc('get_website_data')
    expect(site.error).toBeNull()
    expect(site.data).toMatchObject({ id: 'website', app_version: '1.0.54' })
    const members = await visitor.rpc('my_member')
    expect(members.error).toMatchObject({
      code: '42501',
      message: 'permission denied for function my_member',
    })
    expect(members.status).toBe(401)
  })

  it('gives a member their own record only, an admin everyone, and service_role everyone', async () => {
    const guardian = account('guardian')
    const own = await signedIn.guardian!.rpc('list_members')
    expect(own.data?.map((m: { id: string }) => m.id)).toEqual([guardian.id])
    const mine = await signedIn.guardian!.rpc('my_member').single()
    expect(mine.data).toMatchObject({
      id: guardian.id,
      role: 'guardian',
      family_token: guardian.familyToken,
    })

    const [{ n }] = (await host.db.query<{ n: number }>(
      'select count(*)::int as n from public.members',
    )) as [{ n: number }]
    const page = await signedIn.admin!.rpc('list_members')
    expect(page.data).toHaveLength(Math.min(n, 15))
    const all = await signedIn.admin!.rpc('list_members', { page_size: 100 })
    expect(all.data).toHaveLength(n)
    const service = await host.serviceClient().rpc('list_members', { page_size: 100 })
    expect(service.data).toHaveLength(n)
    expect((await host.serviceClient().rpc('my_member')).data).toEqual([])
  })

  it('passes named arguments with defaults and casts, by POST and by GET', async () => {
    const guardians = await signedIn.admin!.rpc('list_members', {
      role_filter: 'guardian',
      page_size: 100,
    })
    const expected = await host.db.query<{ email: string }>(
      `select email from public.members where role = 'guardian' order by email`,
    )
    expect(guardians.data?.map((m: { email: string }) => m.email).sort()).toEqual(
      expected.map((r) => r.email),
    )
    expect(expected.map((r) => r.email)).toEqual(
      expect.arrayContaining(demoAccounts.filter((a) => a.role === 'guardian').map((a) => a.email)),
    )
    const paged = await signedIn.admin!.rpc(
      'list_members',
      { page_size: 5, page_offset: 5 },
      { get: true },
    )
    expect(paged.error).toBeNull()
    expect(paged.data).toHaveLength(5)
    expect((await visitor.rpc('t_echo', { say: 'ab', times: 3 })).data).toBe('ababab')
    expect((await visitor.rpc('t_echo', { say: 'ok' }, { get: true })).data).toBe('ok')
    const json = await visitor.rpc('t_json', {
      doc: { nested: [1, { x: null }] },
      tags: ['a', 'b'],
    })
    expect(json.data).toEqual({ doc: { nested: [1, { x: null }] }, tags: ['a', 'b'] })
  })

  it('answers in PostgREST shapes: scalar, set, table, void, single object', async () => {
    expect((await visitor.rpc('t_numbers', { upto: 3 })).data).toEqual([1, 2, 3])
    expect((await visitor.rpc('t_pairs')).data).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 },
    ])
    const nothing = await visitor.rpc('t_nothing')
    expect(nothing).toMatchObject({ error: null, data: null, status: 204 })
    expect((await visitor.rpc('t_numbers', { upto: 1 }).single()).data).toBe(1)
    const many = await visitor.rpc('t_numbers', { upto: 2 }).single()
    expect(many.error).toMatchObject({ code: 'PGRST116' })
    expect(many.status).toBe(406)
    expect((await visitor.rpc('t_numbers', { upto: 0 }).maybeSingle()).data).toBeNull()
  })

  it('maps database errors to the codes and statuses supabase-js expects', async () => {
    const cases: [
      PromiseLike<{ error: unknown; status: number }>,
      number,
      Record<string, unknown>,
    ][] = [
      [visitor.rpc('no_such_function'), 404, { code: 'PGRST202' }],
      [visitor.rpc('t_echo', { wrong_name: 'x' }), 404, { code: 'PGRST202' }],
      [visitor.rpc('t_echo', { say: 'x', times: 'many' }), 400, { code: '22P02' }],
      [
        visitor.rpc('t_refuse'),
        409,
        { code: 'PT409', message: 'Fees are closed', details: 'closed until June' },
      ],
      [
        signedIn.blocked!.rpc('record_sign_in'),
        403,
        { code: '42501', message: 'Your account has been temporarily disabled.' },
      ],
      [
        host.serviceClient().rpc('record_sign_in'),
        400,
        { code: 'P0001', message: 'This email is not registered with us.' },
      ],
      [signedIn.admin!.rpc('record_sign_in', {}, { get: true }), 405, { code: '25006' }],
    ]
    for (const [call, status, error] of cases) {
      const result = await call
      expect(result.error).toMatchObject(error)
      expect(Object.keys(result.error as object).sort()).toEqual([
        'code',
        'details',
        'hint',
        'message',
      ])
      expect(result.status).toBe(status)
    }
    expect((await visitor.rpc('t_insert', { k: 'once' })).error).toBeNull()
    const dup = await visitor.rpc('t_insert', { k: 'once' })
    expect(dup.error).toMatchObject({ code: '23505' })
    expect(dup.status).toBe(409)
  })

  it('records a sign-in with the browser and address, visible to the member', async () => {
    const guardian = account('guardian')
    const first = await signedIn.guardian!.rpc('record_sign_in', { app_version: '1.0.54' })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({ id: guardian.id, app_version: '1.0.54' })
    const second = await signedIn.guardian!.rpc('record_sign_in', { app_version: '1.0.54' })
    expect(second.data.signin_count).toBe(first.data.signin_count + 1)
    const rows = await host.db.query<{ user_agent: string | null; ip: string | null }>(
      'select user_agent, ip from public.login_history where member_id = $1',
      [guardian.id],
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]!.ip).toBe('127.0.0.1')
    expect(rows[0]!.user_agent).toBeTruthy()
  })

  it('refuses a token whose session was signed out, and an account banned since', async () => {
    const a = account('facilitator')
    const sign = async () => {
      const client = host.client()
      const { data, error } = await client.auth.signInWithPassword({
        email: a.email,
        password: a.password,
      })
      if (error) throw error
      return { client, token: data.session.access_token }
    }
    const call = (token: string) =>
      fetch(`${host.url}/rest/v1/rpc/my_member`, {
        method: 'POST',
        headers: { apikey: host.anonKey, authorization: `Bearer ${token}` },
      })
    const gone = { message: 'Session from session_id claim in JWT does not exist' }
    const out = await sign()
    expect((await call(out.token)).status).toBe(200)
    expect((await out.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    const refused = await call(out.token)
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual(gone)

    const kept = await sign()
    expect((await call(kept.token)).status).toBe(200)
    await host.db.query(
      `update auth.users set banned_until = now() + interval '1 hour' where id = $1`,
      [a.id],
    )
    try {
      const banned = await call(kept.token)
      expect(banned.status).toBe(401)
      expect(await banned.json()).toEqual(gone)
    } finally {
      await host.db.query(`update auth.users set banned_until = null where id = $1`, [a.id])
    }
    expect((await call(kept.token)).status).toBe(200)
  })

  it('serves the public schema only, and functions only', async () => {
    // The typed client only knows 'public'; asking for another schema is the point here.
    const privateSchema = host.client({ db: { schema: 'app' as 'public' } })
    const helper = await privateSchema.rpc('is_admin')
    expect(helper.error).toMatchObject({ code: 'PGRST106' })
    expect(helper.status).toBe(406)
    const table = await signedIn.admin!.from('members').select()
    expect(table.error).toMatchObject({ code: 'PGRST205' })
    expect(table.status).toBe(404)
  })
})

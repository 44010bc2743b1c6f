// Requests supabase-js never makes: missing and wrong keys, malformed and oversized bodies.
// Each gets a clear error in the shape of the service it hit, writes nothing, and the host keeps
// answering afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

describe.each(testDatabases())('bad input on $name', (target) => {
  let host: TestHost
  const userCount = async () =>
    (await host.db.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]!.n

  beforeAll(async () => {
    host = await startTestHost({ database: target })
  })
  afterAll(() => host?.stop())

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${host.url}${path}`, {
      method: 'POST',
      headers: {
        apikey: host.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
        ...headers,
      },
      body,
    })

  it('refuses a missing or unknown API key on every API path', async () => {
    const before = await userCount()
    const signup = JSON.stringify({ email: 'key@parents.test', password: 'long-enough-1' })
    for (const path of ['/auth/v1/signup', '/rest/v1/rpc/get_website_data']) {
      const missing = await post(path, signup, { apikey: '' })
      expect(missing.status).toBe(401)
      expect(await missing.json()).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      })
      // A well-formed key for another project (signed with another secret) is still unknown here.
      const foreign =
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.' +
        'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
      const wrong = await post(path, signup, { apikey: foreign })
      expect(wrong.status).toBe(401)
      expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' })
    }
    expect(await userCount()).toBe(before)
  })

  it('answers malformed JSON with a clear error and writes nothing', async () => {
    const before = await userCount()
    const auth = await post('/auth/v1/signup', '{"email": "broken@parents.test", "password": ')
    expect(auth.status).toBe(400)
    expect(await auth.json()).toMatchObject({ code: 'bad_json' })
    const token = await post('/auth/v1/token?grant_type=password', 'not json')
    expect(token.status).toBe(400)
    const rpc = await post('/rest/v1/rpc/get_website_data', '{oops')
    expect(rpc.status).toBe(400)
    expect(await rpc.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' })
    const array = await post('/rest/v1/rpc/list_members', '[1, 2]')
    expect(array.status).toBe(400)
    expect(await userCount()).toBe(before)
  })

  it('refuses bodies over 1 MB before reading them whole', async () => {
    const before = await userCount()
    const huge = JSON.stringify({
      email: 'big@parents.test',
      password: 'long-enough-1',
      data: { blob: 'x'.repeat(1_100_000) },
    })
    const auth = await post('/auth/v1/signup', huge)
    expect(auth.status).toBe(413)
    expect(await auth.json()).toMatchObject({ code: 'request_too_large' })
    const rpc = await post('/rest/v1/rpc/t_any', JSON.stringify({ doc: 'y'.repeat(1_100_000) }))
    expect(rpc.status).toBe(413)
    // Without a declared length (chunked), reading stops at the limit.
    const chunk = new TextEncoder().encode('z'.repeat(100_000))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const chunked = await fetch(`${host.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: host.anonKey, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    expect(await userCount()).toBe(before)
  })

  it('answers unknown auth paths with 404 and keeps serving', async () => {
    const res = await fetch(`${host.url}/auth/v1/nowhere`, { headers: { apikey: host.anonKey } })
    expect(res.status).toBe(404)
    const site = await host.client().rpc('get_website_data')
    expect(site.data).toMatchObject({ app_version: '1.0.54' })
    const signIn = await host
      .client()
      .auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    expect(signIn.error).toBeNull()
  })
})

// Issue 10, defects 5 and 8 on the host itself: the published JWT secret, tokens without expiry,
// pokes sent by clients, blocked members on private channels, and pages that other sites could
// frame or inject scripts into.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { DEFAULT_JWT_SECRET, makeKeys } from '../../supabase/local/keys.ts'
import { startHost } from '../../supabase/local/server.ts'
import { securityHost } from './support.ts'

const sign = (claims: Record<string, unknown>, secret: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))

/** Joins a channel; resolves with the first broadcast of `event`, in arrival order. */
function listen(client: SupabaseClient, topic: string, event: string, config = {}) {
  const inbox: unknown[] = []
  const waiting: ((m: unknown) => void)[] = []
  const channel = client.channel(topic, { config })
  channel.on('broadcast', { event }, (m) => {
    const w = waiting.shift()
    if (w) w(m.payload)
    else inbox.push(m.payload)
  })
  const joined = new Promise<RealtimeChannel>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    }),
  )
  const next = () =>
    inbox.length ? Promise.resolve(inbox.shift()) : new Promise((r) => waiting.push(r))
  return { joined, next }
}

const joinOutcome = (client: SupabaseClient, topic: string) =>
  new Promise<string>((resolve) => {
    client.channel(topic, { config: { private: true } }).subscribe((status, error) => {
      resolve(status === 'SUBSCRIBED' ? 'SUBSCRIBED' : `${status}: ${error?.message ?? ''}`)
    })
  })

describe.each(testDatabases())('attacks on the host on $name', (target) => {
  let host: TestHost

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  it('defect 5: a host reachable from other machines will not sign with the published secret', async () => {
    const fresh = await target.fresh()
    const dataDir = await mkdtemp(join(tmpdir(), 'host-secret-'))
    try {
      const common = { port: 0, host: '0.0.0.0', databaseUrl: fresh.url, seed: false }
      // Nothing kept (in memory): no secret of its own to use.
      await expect(startHost({ ...common, memory: true })).rejects.toThrow(
        /^Listening on 0\.0\.0\.0 needs a JWT secret of its own/,
      )
      await expect(
        startHost({ ...common, memory: true, jwtSecret: DEFAULT_JWT_SECRET }),
      ).rejects.toThrow(/^JWT_SECRET is the Supabase CLI's published secret/)

      // With a data folder it makes its own secret, keeps it there for its owner only, and
      // uses it again on the next start.
      const first = await startHost({ ...common, memory: false, dataDir })
      const published = await makeKeys(DEFAULT_JWT_SECRET)
      const kept = (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim()
      await first.stop()
      expect(first.anonKey).not.toBe(published.anonKey)
      expect(kept).toBe(first.jwtSecret)
      expect(kept.length).toBeGreaterThanOrEqual(32)
      expect((await stat(join(dataDir, 'jwt-secret'))).mode & 0o077).toBe(0)
      const second = await startHost({ ...common, memory: false, dataDir })
      try {
        expect(second.anonKey).toBe(first.anonKey)
        // A service key signed with the published secret opens nothing.
        const forged = await fetch(
          `${second.url.replace('localhost', '127.0.0.1')}/rest/v1/rpc/get_website_data`,
          {
            method: 'POST',
            headers: { apikey: published.serviceRoleKey, 'content-type': 'application/json' },
            body: '{}',
          },
        )
        expect(forged.status).toBe(401)
      } finally {
        await second.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await fresh.drop()
    }
  })

  it('a host behind a reverse proxy on loopback will not sign with the published secret either (issue 29, item 8)', async () => {
    const fresh = await target.fresh()
    const dataDir = await mkdtemp(join(tmpdir(), 'host-secret-proxy-'))
    try {
      const common = {
        port: 0,
        host: '127.0.0.1',
        databaseUrl: fresh.url,
        seed: false,
        trustProxy: ['127.0.0.1'],
      }
      await expect(startHost({ ...common, memory: true })).rejects.toThrow(
        /^Behind a reverse proxy \(TRUST_PROXY\) the host needs a JWT secret of its own/,
      )
      await expect(
        startHost({ ...common, memory: true, jwtSecret: DEFAULT_JWT_SECRET }),
      ).rejects.toThrow(/^JWT_SECRET is the Supabase CLI's published secret/)
      const proxied = await startHost({ ...common, memory: false, dataDir })
      try {
        const published = await makeKeys(DEFAULT_JWT_SECRET)
        expect(proxied.jwtSecret).not.toBe(DEFAULT_JWT_SECRET)
        const forged = await fetch(`${proxied.url}/auth/v1/admin/users`, {
          headers: {
            apikey: published.serviceRoleKey,
            authorization: `Bearer ${published.serviceRoleKey}`,
          },
        })
        expect(forged.status).toBe(401)
      } finally {
        await proxied.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await fresh.drop()
    }
  })

  it('defect 5: a token without an expiry is refused, even when signed with the right secret', async () => {
    const forever = await sign({ role: 'service_role', iss: 'supabase-demo' }, host.jwtSecret)
    const res = await fetch(`${host.url}/rest/v1/rpc/get_website_data`, {
      method: 'POST',
      headers: {
        apikey: host.anonKey,
        authorization: `Bearer ${forever}`,
        'content-type': 'application/json',
      },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({
      code: 'PGRST301',
      message: 'JWT has no expiry (exp claim)',
    })
  })

  it('defect 8: only the database pokes the sync channel; a client’s poke reaches nobody', async () => {
    const device = listen(host.client(), 'sync', 'poke')
    await device.joined
    const intruder = listen(host.client(), 'sync', 'poke', { broadcast: { ack: true } })
    const channel = await intruder.joined
    expect(
      await channel.send({ type: 'broadcast', event: 'poke', payload: { collection: 'topics' } }),
    ).toBe('error')
    await host.db.query(
      `select realtime.send(jsonb_build_object('collection', 'reference'), 'poke', 'sync', false)`,
    )
    // The first poke the device gets is the database's.
    expect(await device.next()).toMatchObject({ collection: 'reference' })
  })

  it('defect 8: a member blocked after signing in cannot join a private channel with the token they still hold', async () => {
    const client = host.client()
    const { data, error } = await client.auth.signInWithPassword({
      email: 'facilitator@demo.school',
      password: 'demo-facilitator-1',
    })
    expect(error).toBeNull()
    expect(await joinOutcome(client, 'staff-room')).toBe('SUBSCRIBED')
    await host.db.query(`update public.members set status = 'blocked' where id = $1`, [
      data.user!.id,
    ])
    try {
      const again = host.client()
      await again.realtime.setAuth(data.session!.access_token)
      expect(await joinOutcome(again, 'staff-room')).toMatch(
        /^CHANNEL_ERROR: .*Unauthorized: You do not have permissions to read from this Channel topic: staff-room/,
      )
    } finally {
      await host.db.query(`update public.members set status = 'verified' where id = $1`, [
        data.user!.id,
      ])
    }
  })

  it('defect 8: app pages carry a Content-Security-Policy and cannot be framed by other sites', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'dist-'))
    const inline = "document.documentElement.dataset.ready = 'yes'"
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script></head><body></body></html>`,
    )
    const pages = await securityHost(target, { distDir: dist, seed: false })
    try {
      const res = await fetch(`${pages.url}/parents/dash`, { headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      const csp = res.headers.get('content-security-policy') ?? ''
      const hash = (await import('node:crypto'))
        .createHash('sha256')
        .update(inline)
        .digest('base64')
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      // The page is told the host's own key (a host with its own secret has its own key).
      expect(await res.text()).toContain(
        `<meta name="supabase-anon-key" content="${pages.anonKey}" />`,
      )
    } finally {
      await pages.stop()
      await rm(dist, { recursive: true, force: true })
    }
  })
})

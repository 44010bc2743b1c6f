// A local host for the realtime, storage, functions and mail suites, on embedded PGlite and, when
// TEST_DATABASE_URL is set, on a fresh database of that PostgreSQL server (dropped afterwards),
// with members of the app's roles to sign in as.
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import WebSocket from 'ws'
import { startHost, type Host } from '../../../supabase/local/server.ts'

export interface TestDatabase {
  name: 'pglite' | 'postgres'
  url?: string
}

export function testDatabases(): TestDatabase[] {
  const url = process.env.TEST_DATABASE_URL
  return url ? [{ name: 'pglite' }, { name: 'postgres', url }] : [{ name: 'pglite' }]
}

export interface Member {
  id: string
  email: string
  password: string
  client: SupabaseClient
}

export interface ServicesHost {
  host: Host
  url: string
  anonKey: string
  serviceRoleKey: string
  /** A supabase-js client with the anon key (Node 20 needs ws for Realtime). */
  client(options?: { vsn?: string }): SupabaseClient
  serviceClient(): SupabaseClient
  /** An account with a member record of `role`, already signed in. */
  member(role: string, status?: 'verified' | 'blocked'): Promise<Member>
  stop(): Promise<void>
}

async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `services_${randomUUID().replace(/-/g, '').slice(0, 16)}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await sql.unsafe(`drop database if exists ${name} with (force)`)
      await sql.end()
    },
  }
}

export async function startServicesHost(
  database: TestDatabase,
  options: { smtpUrl?: string; mailFrom?: string } = {},
): Promise<ServicesHost> {
  const fresh = database.url ? await freshDatabase(database.url) : null
  const host = await startHost({
    port: 0,
    memory: !fresh,
    databaseUrl: fresh?.url,
    seed: false,
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom,
  })
  const clients: SupabaseClient[] = []
  const make = (key: string, vsn?: string) => {
    const c = createClient(host.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never, ...(vsn ? { vsn } : {}) },
    })
    clients.push(c)
    return c
  }
  const service = make(host.serviceRoleKey)
  let n = 0
  return {
    host,
    url: host.url,
    anonKey: host.anonKey,
    serviceRoleKey: host.serviceRoleKey,
    client: (o) => make(host.anonKey, o?.vsn),
    serviceClient: () => make(host.serviceRoleKey),
    async member(role, status = 'verified') {
      const email = `${role}-${++n}-${randomUUID().slice(0, 8)}@services.test`
      const password = `pw-${randomUUID()}`
      const { data, error } = await service.auth.admin.createUser({
        email,
        password,
        email_confirm: true,
      })
      if (error || !data.user) throw error ?? new Error('no user')
      await host.db.query(
        `insert into public.members (id, email, name, role, status) values ($1, $2, $3, $4, $5)`,
        [data.user.id, email, `${role} ${n}`, role, status],
      )
      const client = make(host.anonKey)
      const signIn = await client.auth.signInWithPassword({ email, password })
      if (signIn.error) throw signIn.error
      return { id: data.user.id, email, password, client }
    },
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels()))
      await host.stop()
      await fresh?.drop()
    },
  }
}

// A local host on a fresh database of a test target, with supabase-js clients configured the way
// Node 20 needs them (ws for Realtime, no session storage, no automatic refresh).
import {
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import type { Db } from '../../supabase/local/db.ts'
import { startHost, type HostOptions } from '../../supabase/local/server.ts'
import type { TestTarget } from './test-db.ts'

export interface TestHost {
  url: string
  anonKey: string
  serviceRoleKey: string
  /** Supabase's newer opaque keys for the same roles. */
  publishableKey: string
  secretKey: string
  jwtSecret: string
  /** The host's database connection (owner): for setup and for checking what was written. */
  db: Db
  /** A client with the anon key, as the app has it. */
  client(options?: SupabaseClientOptions<'public'>): SupabaseClient
  /** A client with any key (e.g. the opaque publishable or secret key). */
  keyed(key: string, options?: SupabaseClientOptions<'public'>): SupabaseClient
  /** A client with the service_role key, as edge functions have it. */
  serviceClient(): SupabaseClient
  stop(): Promise<void>
}

export async function startTestHost(args: {
  database: TestTarget
  smtpUrl?: string
  options?: Partial<HostOptions>
}): Promise<TestHost> {
  // The database starts as a copy of the migrated and seeded demo centre (PGlite's image, the
  // server's template), unless the suite wants an empty database or a folder of its own.
  const fresh =
    args.options?.seed !== false && !args.options?.dataDir
      ? await args.database.seeded()
      : await args.database.fresh()
  // A host on a server database keeps its files and secret in a data folder: a new one per host,
  // so no suite (and no earlier run) sees another's files.
  const scratch =
    !fresh.memory && !args.options?.dataDir ? mkdtempSync(join(tmpdir(), 'test-host-')) : undefined
  let host
  try {
    host = await startHost({
      port: 0,
      memory: fresh.memory,
      image: fresh.image,
      dataDir: scratch,
      databaseUrl: fresh.url,
      smtpUrl: args.smtpUrl,
      distDir: 'tests/host/no-dist',
      // Suites about what a call does sign in and call functions far more often than a person;
      // the limits themselves are tested with factor 1 (tests/security).
      rateLimitFactor: 1000,
      ...args.options,
    })
  } catch (error) {
    await fresh.drop()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
    throw error
  }
  const clients: SupabaseClient[] = []
  const make = (key: string, options: SupabaseClientOptions<'public'> = {}) => {
    const client = createClient(host.url, key, {
      ...options,
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        ...options.auth,
      },
      realtime: { transport: WebSocket as never, ...options.realtime },
    })
    clients.push(client)
    return client
  }
  return {
    url: host.url,
    anonKey: host.anonKey,
    serviceRoleKey: host.serviceRoleKey,
    publishableKey: host.publishableKey,
    secretKey: host.secretKey,
    jwtSecret: host.jwtSecret,
    db: host.db,
    client: (options) => make(host.anonKey, options),
    keyed: (key, options) => make(key, options),
    serviceClient: () => make(host.serviceRoleKey),
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels()))
      await host.stop()
      await fresh.drop()
      if (scratch) rmSync(scratch, { recursive: true, force: true })
    },
  }
}

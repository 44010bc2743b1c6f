// What every seeded fault scenario shares: a host process on a data folder of its own (PGlite, or
// a PostgreSQL database), the devices that sync with it, and the faults done to them:
// - `offline` / `online`: a device loses the network, or gets it back (without waiting for it
//   to sync: the next operations run while it does);
// - `kill`: the host is killed (SIGKILL) and started again; one restart at a time, a kill during
//   a restart waits for it;
// - `reopen`: a device is closed in the middle of whatever it was doing, as when the app is
//   swiped away, and opened again on its stored database (signing in again needs the host);
// - `settle`: a device that is online waits until it is in sync.
// Each scenario opens its own devices (their collections, conflict handlers and what they count)
// and checks its own records; the fleet runs the faults, brings every device in sync at the end
// and reads what the server holds for a person.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import WebSocket from 'ws'
import { makeKeys } from '../../../supabase/local/keys.ts'
import { freePort, killed, startHostProcess, stopped } from '../../helpers/host-process.ts'
import type { Device } from '../support.ts'

export type FaultOp =
  | { t: 'offline'; d: number }
  | { t: 'online'; d: number }
  | { t: 'kill' }
  | { t: 'reopen'; d: number }
  | { t: 'settle'; d: number }

const FAULTS: ReadonlySet<string> = new Set(['offline', 'online', 'kill', 'reopen', 'settle'])

export const isFault = (op: { t: string }): op is FaultOp => FAULTS.has(op.t)

/** The faults as weighted operations on any of `devices` devices, for a scenario's `fc.oneof`. */
export function faultArbitraries(
  devices: number,
  weights = { offline: 8, online: 10, kill: 2, reopen: 4, settle: 4 },
) {
  const d = fc.integer({ min: 0, max: devices - 1 })
  return [
    { weight: weights.offline, arbitrary: fc.record({ t: fc.constant('offline' as const), d }) },
    { weight: weights.online, arbitrary: fc.record({ t: fc.constant('online' as const), d }) },
    { weight: weights.kill, arbitrary: fc.record({ t: fc.constant('kill' as const) }) },
    { weight: weights.reopen, arbitrary: fc.record({ t: fc.constant('reopen' as const), d }) },
    { weight: weights.settle, arbitrary: fc.record({ t: fc.constant('settle' as const), d }) },
  ]
}

export interface Fleet {
  url: string
  /** A client of the host, closed with the fleet. */
  client: () => SupabaseClient
  /** The scenario's devices, by index; its `open` puts each here. */
  devices: Device[]
  faults: { kills: number; reopens: number; offline: number }
  /** Carries out a fault; `open(i, name)` opens device i again on its stored database. */
  fault: (op: FaultOp, open: (i: number, name: string) => Promise<void>) => Promise<void>
  /**
   * Every device online, pulled again and in sync, until none has anything left to send;
   * `busy` (answers still to give, say) keeps the rounds going, `between` runs after a round
   * that did not settle.
   */
  settleAll: (options?: {
    rounds?: number
    busy?: () => boolean
    between?: () => Promise<void>
  }) => Promise<void>
  /** Everything `who` may read of a collection, as sync_pull sends it, deleted rows included. */
  pullAll: (who: SupabaseClient, collection: string) => Promise<Record<string, unknown>[]>
  /** Closes the devices and clients, stops the host and removes its data. */
  close: () => Promise<void>
}

export async function startFleet(prefix: string, databaseUrl?: string): Promise<Fleet> {
  const dataDir = await mkdtemp(join(tmpdir(), `${prefix}-`))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const { anonKey } = await makeKeys()
  const clients: SupabaseClient[] = []
  const client = () => {
    const c = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    clients.push(c)
    return c
  }
  let host: ChildProcess = await startHostProcess(port, dataDir, databaseUrl)
  let restarting: Promise<void> | null = null
  const devices: Device[] = []
  const faults = { kills: 0, reopens: 0, offline: 0 }

  async function fault(op: FaultOp, open: (i: number, name: string) => Promise<void>) {
    switch (op.t) {
      case 'offline':
        if (devices[op.d]!.online) faults.offline++
        return devices[op.d]!.goOffline()
      case 'online':
        // Back online without waiting: the next operations run while it syncs.
        void devices[op.d]!.goOnline().catch(() => undefined)
        return
      case 'kill': {
        // Only one restart at a time: a kill during a restart waits for it.
        await restarting
        faults.kills++
        await killed(host)
        restarting = startHostProcess(port, dataDir, databaseUrl).then((child) => {
          host = child
          restarting = null
        })
        return
      }
      case 'reopen': {
        // Closed in the middle of whatever it was doing, as when the app is swiped away.
        // Signing in again needs the host.
        await restarting
        faults.reopens++
        const d = devices[op.d]!
        const online = d.online
        const name = d.db.name
        d.sync.resync()
        await d.shutDown()
        await open(op.d, name)
        if (!online) devices[op.d]!.goOffline()
        return
      }
      case 'settle': {
        const d = devices[op.d]!
        if (!d.online || restarting) return
        await d.sync.awaitInSync()
        return
      }
    }
  }

  async function settleAll(
    options: {
      rounds?: number
      busy?: () => boolean
      between?: () => Promise<void>
    } = {},
  ) {
    await restarting
    await Promise.all(devices.map((d) => d.goOnline()))
    // Pokes may arrive while others push: repeat until every device is quiet and has nothing
    // left to send.
    for (let round = 0; round < (options.rounds ?? 20); round++) {
      devices.forEach((d) => d.sync.resync())
      await Promise.all(devices.map((d) => d.sync.awaitInSync()))
      const pending = await Promise.all(devices.map((d) => d.sync.countPending()))
      if (pending.every((p) => p === 0) && !options.busy?.() && round >= 1) return
      await options.between?.()
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error('the devices did not settle')
  }

  async function pullAll(who: SupabaseClient, collection: string) {
    const docs: Record<string, unknown>[] = []
    let checkpoint: unknown = null
    for (;;) {
      const { data, error } = await who.rpc('sync_pull', {
        collection,
        checkpoint,
        batch_size: 1000,
      })
      if (error) throw error
      const page = data as { documents: Record<string, unknown>[]; checkpoint: unknown }
      docs.push(...page.documents)
      checkpoint = page.checkpoint
      if (page.documents.length < 1000) return docs
    }
  }

  async function close() {
    for (const d of devices) await d?.close().catch(() => undefined)
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
    await restarting?.catch(() => undefined)
    await stopped(host)
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
  }

  return { url, client, devices, faults, fault, settleAll, pullAll, close }
}

/** JSON with object keys sorted (Postgres orders jsonb keys its own way). */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

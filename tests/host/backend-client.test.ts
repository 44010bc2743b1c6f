// The app's own backend client (src/lib/backend-client.ts) against the local host: supabase-js's
// parts wired by hand, with realtime and storage loaded on first use. Each call must carry the
// member's token once they have signed in, as supabase-js's createClient would have it.
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackendClient, type BackendClient } from '../../src/lib/backend-client.ts'
import { supabaseTransport } from '@sync/engine/transport.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
  Buffer.alloc(64, 7),
])

const guardian = demoAccounts.find((a) => a.email === 'guardian@demo.school')!

/** Waits until `check` holds, doing `act` again every 200 ms (a channel joins asynchronously). */
async function eventually(act: () => Promise<unknown>, check: () => boolean): Promise<void> {
  const until = Date.now() + 10_000
  while (!check()) {
    if (Date.now() > until) throw new Error('never happened')
    await act()
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Subscribes to the private sync channel: the status it ends in. */
function joinPrivate(client: BackendClient): Promise<string> {
  return client.realtime().then(
    (realtime) =>
      new Promise<string>((resolve) => {
        realtime
          .channel('sync', { config: { private: true } })
          .subscribe((status, error) => resolve(error ? `${status}: ${error.message}` : status))
      }),
  )
}

describe.each(testDatabases())('the app backend client on $name', (database) => {
  let h: TestHost
  const clients: BackendClient[] = []

  const make = () => {
    const client = createBackendClient(h.url, h.anonKey, {
      storageKey: 'backend-client-test',
      headers: { 'x-app-version': 'test' },
      auth: { autoRefreshToken: false, persistSession: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    clients.push(client)
    return client
  }
  const signedIn = async () => {
    const client = make()
    const { error } = await client.auth.signInWithPassword({
      email: guardian.email,
      password: guardian.password,
    })
    expect(error).toBeNull()
    return client
  }

  beforeAll(async () => {
    h = await startTestHost({ database })
  })
  afterAll(async () => {
    for (const client of clients) {
      await client.realtime().then((r) => r.disconnect())
    }
    await h?.stop()
  })

  it("pulls the family's own records with the member's token, and nothing without it", async () => {
    // The first answer names the database (a reset); the records come with its checkpoint.
    const pull = async (client: BackendClient) => {
      const transport = supabaseTransport(client)
      const first = await transport.pull('families', { seq: 0, scope: 0 }, 50)
      return await transport.pull('families', first.checkpoint, 50)
    }

    const families = await pull(await signedIn())
    expect(families.documents.map((d) => d.id)).toEqual([guardian.familyToken])
    await expect(pull(make())).rejects.toThrow()
  })

  it('joins the private sync channel once signed in, says so, hears a poke, and is refused before', async () => {
    expect(await joinPrivate(make())).not.toBe('SUBSCRIBED')

    const client = await signedIn()
    const heard: (string | null)[] = []
    const stop = supabaseTransport(client).onPoke((collection) => heard.push(collection))
    await eventually(
      () =>
        h.db.query(
          `select realtime.send(jsonb_build_object('collection', 'students'), 'poke', 'sync', true)`,
        ),
      () => heard.includes('students'),
    )
    // Joining came first: what changed before it may not have been poked.
    expect(heard[0]).toBeNull()
    stop()
  })

  it("keeps a file in the member's own folder and reads it back, refused without the token", async () => {
    const docs = (await (await signedIn()).storage()).from('documents')
    const path = `${guardian.id}/backend-client.png`
    const up = await docs.upload(path, new Blob([new Uint8Array(PNG)], { type: 'image/png' }))
    expect(up.error).toBeNull()
    const back = await docs.download(path)
    expect(Buffer.from(await back.data!.arrayBuffer()).equals(PNG)).toBe(true)

    const anon = (await make().storage()).from('documents')
    expect((await anon.download(path)).error).not.toBeNull()
  })
})

// Many devices on one host (issue 37): 24 simulated devices, each with its own realtime
// connection and checkpoint (tests/helpers/devices.ts), share the sessions of 8 demo accounts.
// A write the office makes reaches every device through the poke and its own pull; a fee tariff
// reaches the office and facilitators' devices, and the guardians' and students' devices pull
// after the poke without receiving it. (How fast: `npm run bench -- devices`.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allReceived, SimulatedDevice } from '../helpers/devices.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

const ACCOUNTS = [
  'admin',
  'administration',
  'admission',
  'facilitator',
  'facilitator-admin',
  'parent-facilitator',
  'guardian',
  'student',
]
const NO_TARIFFS = new Set(['parent-facilitator', 'guardian', 'student'])
const DEVICES = 24

describe.each(testDatabases())('devices on one host on $name', (database) => {
  let h: TestHost
  const devices: { device: SimulatedDevice; account: string }[] = []
  const tokens = new Map<string, string>()

  const push = async (doc: Record<string, unknown>) => {
    const res = await fetch(`${h.url}/rest/v1/rpc/sync_push`, {
      method: 'POST',
      headers: {
        apikey: h.anonKey,
        authorization: `Bearer ${tokens.get('admin')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        collection: 'reference',
        rows: [{ newDocumentState: { ...doc, _deleted: false }, assumedMasterState: null }],
      }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ conflicts: [], refused: [] })
  }

  beforeAll(async () => {
    h = await startTestHost({ database })
    for (const slug of ACCOUNTS) {
      const { data, error } = await h
        .client()
        .auth.signInWithPassword({ email: `${slug}@demo.school`, password: `demo-${slug}-1` })
      if (error) throw error
      tokens.set(slug, data.session.access_token)
    }
    for (let i = 0; i < DEVICES; i++) {
      const account = ACCOUNTS[i % ACCOUNTS.length]!
      const device = new SimulatedDevice({
        url: h.url,
        anonKey: h.anonKey,
        token: tokens.get(account)!,
        collections: ['reference'],
      })
      devices.push({ device, account })
    }
    await Promise.all(devices.map(({ device }) => device.connect()))
    await Promise.all(devices.map(({ device }) => device.poke('reference')))
  }, 120_000)
  afterAll(async () => {
    await Promise.all(devices.map(({ device }) => device.close()))
    await h?.stop()
  })

  it('brings a classroom the office adds to every device, each from its own checkpoint', async () => {
    const before = devices.map(({ device }) => device.checkpoints.get('reference')!.seq)
    await push({ id: 'devices-room-1', kind: 'classroom', data: { name: 'Room by the garden' } })
    await allReceived(
      devices.map((d) => d.device),
      'devices-room-1',
      30_000,
    )
    devices.forEach(({ device }, i) => {
      expect(device.pokes.length).toBeGreaterThan(0)
      expect(device.checkpoints.get('reference')!.seq).toBeGreaterThan(before[i]!)
      expect(device.failedPulls).toBe(0)
    })
  })

  it('brings a fee tariff to the office and facilitators only', async () => {
    const others = devices.filter((d) => NO_TARIFFS.has(d.account)).map((d) => d.device)
    const readers = devices.filter((d) => !NO_TARIFFS.has(d.account)).map((d) => d.device)
    const pokesBefore = others.map((d) => d.pokes.length)
    const pullsBefore = others.map((d) => d.pulls)
    await push({ id: 'devices-tariff-1', kind: 'fee_tariff', data: { name: 'Day', amount: 900 } })
    await allReceived(readers, 'devices-tariff-1', 30_000)
    // The others were poked too and pulled after the poke: nothing new for them.
    await expect
      .poll(
        () => others.every((d, i) => d.pokes.length > pokesBefore[i]! && d.pulls > pullsBefore[i]!),
        {
          timeout: 30_000,
        },
      )
      .toBe(true)
    await Promise.all(others.map((d) => d.poke('reference')))
    for (const device of others) expect(device.arrivals.has('devices-tariff-1')).toBe(false)
    for (const device of readers) expect(device.failedPulls).toBe(0)
  })
})

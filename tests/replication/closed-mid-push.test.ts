// A device closed while its push was on its way (issue 30): the server stored the payment and
// numbered its receipt, but the answer never reached the device. Opened again, the device pulls
// the numbered row first (RxDB sets it aside: the device's own copy is not yet noted as pushed),
// moves its checkpoint past it, then sends its copy again. The server holds that very state
// already, so it writes nothing; the device must still end with every column the server set
// (the receipt number, who and when), not keep its unnumbered copy for good.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payments, students } from '@sync/contract/collections/index.ts'
import { SyncError, type SyncTransport } from '@sync/engine/transport.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

/** The first push of payments reaches the server; its answer is lost as the app closes. */
function closingMidPush() {
  let reached: () => void = () => {}
  const pushReached = new Promise<void>((r) => (reached = r))
  let done = false
  const wrap = (inner: SyncTransport): SyncTransport => ({
    ...inner,
    pull: (...args) => inner.pull(...args),
    visible: (...args) => inner.visible(...args),
    onPoke: (...args) => inner.onPoke(...args),
    async push(name, rows) {
      const answer = await inner.push(name, rows)
      if (name === 'payments' && !done) {
        done = true
        reached()
        throw new SyncError('The app closed before the answer came', undefined, true)
      }
      return answer
    },
  })
  return { wrap, pushReached }
}

/** Pushes of payments wait until a pull of payments has been answered. */
function pullFirst() {
  let pulled: () => void = () => {}
  const firstPull = new Promise<void>((r) => (pulled = r))
  const counts = { pulls: 0, pushes: 0 }
  const wrap = (inner: SyncTransport): SyncTransport => ({
    ...inner,
    visible: (...args) => inner.visible(...args),
    onPoke: (...args) => inner.onPoke(...args),
    async pull(name, checkpoint, size) {
      const answer = await inner.pull(name, checkpoint, size)
      if (name === 'payments') {
        counts.pulls++
        pulled()
      }
      return answer
    },
    async push(name, rows) {
      if (name === 'payments') {
        await firstPull
        counts.pushes++
      }
      return inner.push(name, rows)
    },
  })
  return { wrap, counts }
}

/** A moment in one notation, whether Postgres or a device wrote it; other values as they are. */
const moment = (v: unknown) => {
  const at = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null
  return at && !Number.isNaN(at.getTime()) && !/^\d{4}-\d{2}\/\d{4}$/.test(String(v))
    ? at.toISOString()
    : v
}

describe.each(testDatabases())('a device closed mid-push on $name', (target) => {
  let host: TestHost
  const open: Device[] = []

  beforeAll(async () => {
    host = await startTestHost({ database: target })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('ends, opened again, with every column the server set on its payment', async () => {
    const name = `closed-mid-push-${target.name}-${Date.now()}`
    const closing = closingMidPush()
    const first = await device(host, 'administration', [students, payments], {
      name,
      transport: closing.wrap,
      // The app is closed before it could try again.
      retry: { baseMs: 60_000, maxMs: 60_000 },
    })
    await first.db.payments.insert(fee('pay-closed', 'st-tiago', 'Tiago Fernandes'))
    await closing.pushReached
    await first.shutDown()
    const [row] = await host.db.query<Record<string, unknown>>(
      `select receipt_number, updated_at, updated_by from public.payments where id = 'pay-closed'`,
    )
    expect(row!.receipt_number).toMatch(/^2027-28\/\d{4}$/)

    const order = pullFirst()
    const again = await device(host, 'administration', [students, payments], {
      name,
      transport: order.wrap,
      retry: { baseMs: 50, maxMs: 200 },
      noWait: true,
    })
    open.push(again)
    await eventually(async () => expect(await again.sync.countPending()).toBe(0), 20_000)
    expect(order.counts.pushes).toBeGreaterThan(0)
    await eventually(async () => {
      const doc = await again.db.payments.findOne('pay-closed').exec()
      for (const column of payments.serverColumns)
        expect([column, moment(doc?.get(column))]).toEqual([column, moment(row![column])])
    }, 10_000)
    const [after] = await host.db.query<{ n: number }>(
      `select count(*)::int as n from public.payments where id = 'pay-closed'`,
    )
    expect(after!.n).toBe(1)
    expect([...again.lost, ...again.refused]).toEqual([])
  })
})

function fee(id: string, student: string, name: string) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: student,
    kind: 'fee',
    status: 'recorded',
    receipt_number: null,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'Cash',
      period: {
        key: '2027-28/month/2027-12',
        label: 'December 2027',
        months: 1,
        start: '2027-12-01',
        end: '2027-12-31',
      },
      feeYear: '2027-28',
      receivedFrom: 'Maria Fernandes',
      amount: 16700,
      paymentDate: '2027-12-02',
      studentName: name,
      familyName: 'Fernandes',
      sendEmail: false,
    },
  } as const
}

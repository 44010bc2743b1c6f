// A pull that crosses a push (issue 30): the clerk records a payment while the device is pulling.
// The server numbers the receipt in the transaction that stores the payment; the pull, asked
// before the push was answered, reads the stored row after it committed. The device must end with
// the server's receipt number (and who and when), not keep its own unnumbered copy for good: the
// office's "Payment receipt generated" waits for that number.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payments, students } from '@sync/contract/collections/index.ts'
import type { SyncTransport } from '@sync/engine/transport.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, losingFirstAnswer, type Device } from './support.ts'

/**
 * A transport whose next pull, once armed, is held until a push has committed on the server, and
 * whose answer is held until that push has been answered: the pull reads the pushed row, and the
 * push finishes while the pull is on its way back.
 */
function crossing() {
  let armed = false
  let committed: () => void = () => {}
  let answered: () => void = () => {}
  const pushCommitted = new Promise<void>((r) => (committed = r))
  const pushAnswered = new Promise<void>((r) => (answered = r))
  const crossings = { pulls: 0 }
  const wrap = (inner: SyncTransport): SyncTransport => ({
    ...inner,
    visible: (...args) => inner.visible(...args),
    onPoke: (...args) => inner.onPoke(...args),
    async pull(name, checkpoint, size) {
      if (!armed || name !== 'payments') return inner.pull(name, checkpoint, size)
      armed = false
      await pushCommitted
      const answer = await inner.pull(name, checkpoint, size)
      await pushAnswered
      crossings.pulls++
      return answer
    },
    async push(name, rows) {
      const answer = await inner.push(name, rows)
      if (name === 'payments') {
        committed()
        // The pull's answer travels back after this push has been answered.
        setTimeout(answered, 300)
      }
      return answer
    },
  })
  return { wrap, arm: () => (armed = true), crossings }
}

describe.each(testDatabases())('a pull crossing a push on $name', (target) => {
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

  it('ends with the receipt number the server gave the payment', async () => {
    const cross = crossing()
    const clerk = await device(host, 'administration', [students, payments], {
      transport: cross.wrap,
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(clerk)
    const admin = await device(host, 'admin', [students, payments], {
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(admin)
    // While the clerk is offline the admin records Inês's month: the clerk's next pull holds
    // both payments, so it moves the clerk's checkpoint past them.
    clerk.goOffline()
    await admin.db.payments.insert(fee('pay-other', 'st-ines', 'Inês Fernandes'))
    await eventually(async () => expect(await admin.sync.countPending()).toBe(0), 20_000)
    cross.arm()
    void clerk.goOnline()
    await clerk.db.payments.insert(fee('pay-crossed', 'st-tiago', 'Tiago Fernandes'))
    await eventually(async () => expect(await clerk.sync.countPending()).toBe(0), 20_000)
    const [row] = await host.db.query<{ receipt_number: string; updated_at: string }>(
      `select receipt_number, updated_at from public.payments where id = 'pay-crossed'`,
    )
    expect(row!.receipt_number).toMatch(/^2027-28\/\d{4}$/)
    await eventually(() => expect(cross.crossings.pulls).toBe(1), 10_000)
    await eventually(async () => {
      const doc = await clerk.db.payments.findOne('pay-crossed').exec()
      expect(doc?.receipt_number).toBe(row!.receipt_number)
      expect(doc?.updated_at).toBeTruthy()
      expect((await clerk.db.payments.findOne('pay-other').exec())?.receipt_number).toBeTruthy()
    }, 10_000)
  })

  it('ends with the receipt number when the answer to its push was lost and it pushed again', async () => {
    const clerk = await device(host, 'administration', [students, payments], {
      transport: losingFirstAnswer('payments'),
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(clerk)
    await clerk.db.payments.insert({
      ...fee('pay-unanswered', 'st-tiago', 'Tiago Fernandes'),
      data: {
        ...fee('pay-unanswered', 'st-tiago', 'Tiago Fernandes').data,
        period: {
          key: '2027-28/month/2027-11',
          label: 'November 2027',
          months: 1,
          start: '2027-11-01',
          end: '2027-11-30',
        },
      },
    })
    await eventually(async () => expect(await clerk.sync.countPending()).toBe(0), 20_000)
    const [row] = await host.db.query<{ receipt_number: string }>(
      `select receipt_number from public.payments where id = 'pay-unanswered'`,
    )
    expect(row!.receipt_number).toMatch(/^2027-28\/\d{4}$/)
    await eventually(async () => {
      const doc = await clerk.db.payments.findOne('pay-unanswered').exec()
      expect(doc?.receipt_number).toBe(row!.receipt_number)
    }, 10_000)
    expect([...clerk.lost, ...clerk.refused]).toEqual([])
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
        key: '2027-28/month/2027-10',
        label: 'October 2027',
        months: 1,
        start: '2027-10-01',
        end: '2027-10-31',
      },
      feeYear: '2027-28',
      receivedFrom: 'Maria Fernandes',
      amount: 16700,
      paymentDate: '2027-10-02',
      studentName: name,
      familyName: 'Fernandes',
      sendEmail: false,
    },
  } as const
}

// The same month recorded twice (issue 30, item 1): two office devices, both offline, each record
// Tiago's fee for the same month. When they come back the server holds one payment, one receipt
// number and one receipt e-mail; the device that came second undoes its payment and tells its
// person who recorded the month first, when, and with which receipt. Kept as a second instalment,
// the payment arrives with its own number and receipt.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payments, students } from '@sync/contract/collections/index.ts'
import { uuidv7 } from '@sync/contract/ids.ts'
import { asInstalment, periodAlreadyRecorded } from '@sync/rules/fees/instalment.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

function fee(id: string, amount: number) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: 'st-tiago',
    kind: 'fee' as const,
    status: 'recorded' as const,
    receipt_number: null,
    data: {
      paymentType: 'Monthly Fee' as const,
      paymentOption: 'Cash' as const,
      period: {
        key: '2027-28/month/2027-09',
        label: 'September 2027',
        months: 1,
        start: '2027-09-01',
        end: '2027-09-30',
      },
      feeYear: '2027-28',
      receivedFrom: 'Maria Fernandes',
      amount,
      paymentDate: '2027-09-03',
      studentName: 'Tiago Fernandes',
      familyName: 'Fernandes',
      sendEmail: true,
    },
  }
}

describe.each(testDatabases())('a month recorded on two devices on $name', (target) => {
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

  const onServer = () =>
    host.db.query<{ id: string; receipt_number: string | null; instalment: string | null }>(
      `select id, receipt_number, data ->> 'instalment' as instalment from public.payments
        where data -> 'period' ->> 'key' = '2027-28/month/2027-09' and not _deleted order by receipt_number`,
    )
  const receiptMails = () =>
    host.db.query<{ id: string }>(
      `select id from public.email_outbox where id in ('receipt-pay-first', 'receipt-pay-second')
        order by id`,
    )

  it('is kept once, the second device is told why, and keeps its payment as an instalment', async () => {
    const first = await device(host, 'administration', [students, payments], {
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(first)
    const second = await device(host, 'admin', [students, payments], {
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(second)
    first.goOffline()
    second.goOffline()
    await first.db.payments.insert(fee('pay-first', 16700))
    await second.db.payments.insert(fee('pay-second', 8000))

    await first.goOnline()
    await eventually(async () => expect(await first.sync.countPending()).toBe(0), 20_000)
    await second.goOnline()
    await eventually(async () => expect(second.refused).toHaveLength(1), 20_000)

    const kept = await onServer()
    expect(kept.map((r) => r.id)).toEqual(['pay-first'])
    expect((await receiptMails()).map((m) => m.id)).toEqual(['receipt-pay-first'])
    const [notice] = second.refused
    expect(notice).toMatchObject({ collection: 'payments', id: 'pay-second' })
    expect(notice!.reason).toMatch(
      new RegExp(
        `^September 2027 \\(Monthly Fee\\) for Tiago Fernandes is already recorded by Savio Pereira on .+, ` +
          `receipt ${kept[0]!.receipt_number!.replace('/', '\\/')}: keep both as two instalments, or drop yours\\.$`,
      ),
    )
    expect(periodAlreadyRecorded(notice!.reason)).toBe(true)
    // The device undid its payment, and its person still has what they wrote.
    await eventually(async () => {
      expect(await second.db.payments.findOne('pay-second').exec()).toBeNull()
    }, 20_000)
    expect(notice!.mine).toMatchObject({ id: 'pay-second', data: { amount: 8000 } })
    expect(second.lost).toEqual([])
    expect(first.refused).toEqual([])

    // "Keep both as two instalments": the payment is recorded again, marked as one.
    const instalment = asInstalment(notice!.mine!, uuidv7())
    await second.db.payments.insert(instalment as never)
    await eventually(async () => expect(await second.sync.countPending()).toBe(0), 20_000)
    const both = await onServer()
    expect(both.map((r) => [r.id, r.instalment])).toEqual([
      ['pay-first', null],
      [instalment.id, 'true'],
    ])
    expect(new Set(both.map((r) => r.receipt_number)).size).toBe(2)
    const mails = await host.db.query<{ id: string }>(
      `select id from public.email_outbox where id in ('receipt-pay-first', 'receipt-pay-second', $1) order by id`,
      [`receipt-${instalment.id}`],
    )
    expect(mails.map((m) => m.id).sort()).toEqual(
      ['receipt-pay-first', `receipt-${instalment.id}`].sort(),
    )
    expect(second.refused).toHaveLength(1)
  })
})

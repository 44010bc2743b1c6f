// Payments recorded offline (issue 14): the office records fees on a device with no connection,
// and a guardian reports one on theirs. When they come back, the push's answer is lost once (the
// server committed, the device never heard): every payment arrives once, gets one receipt number
// and at most one receipt e-mail, and the numbers come back to the device. The office's
// confirmation of the guardian's report reaches the guardian's device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payments, students } from '@sync/contract/collections/index.ts'
import type { PaymentRow } from '@sync/engine/database.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, losingFirstAnswer, type Device } from './support.ts'

const period = {
  key: '2026-27/month/2027-01',
  label: 'January 2027',
  months: 1,
  start: '2027-01-01',
  end: '2027-01-31',
}

function fee(
  id: string,
  status: 'recorded' | 'reported',
  studentId: string,
  name: string,
  paidFor = period,
) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: studentId,
    kind: 'fee' as const,
    status,
    receipt_number: null,
    data: {
      paymentType: 'Monthly Fee' as const,
      paymentOption: 'Cash' as const,
      period: paidFor,
      feeYear: '2026-27',
      receivedFrom: 'Maria Fernandes',
      amount: 14500,
      paymentDate: '2026-11-27',
      studentName: name,
      familyName: 'Fernandes',
      sendEmail: status === 'recorded',
      ...(status === 'recorded' ? {} : { reference: 'UPI 7741' }),
    },
  }
}

describe.each(testDatabases())('payments recorded offline on $name', (target) => {
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

  it('arrive once, are numbered once, and their receipts are queued once', async () => {
    const office = await device(host, 'administration', [students, payments], {
      transport: losingFirstAnswer('payments'),
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(office)
    const family = await device(host, 'guardian', [students, payments])
    open.push(family)

    office.goOffline()
    family.goOffline()
    await office.db.payments.bulkInsert([
      fee('pay-offline-tiago', 'recorded', 'st-tiago', 'Tiago Fernandes'),
      fee('pay-offline-ines', 'recorded', 'st-ines', 'Inês Fernandes'),
    ])
    // The family reports February: January is the office's (a month is recorded once).
    await family.db.payments.insert(
      fee('pay-offline-report', 'reported', 'st-tiago', 'Tiago', {
        key: '2026-27/month/2027-02',
        label: 'February 2027',
        months: 1,
        start: '2027-02-01',
        end: '2027-02-28',
      }),
    )
    expect(await office.sync.countPending()).toBe(2)

    await office.goOnline()
    await family.goOnline()
    await eventually(async () => expect(await office.sync.countPending()).toBe(0), 20_000)

    const rows = await host.db.query<{ id: string; status: string; receipt_number: string | null }>(
      `select id, status, receipt_number from public.payments where id like 'pay-offline-%' order by id`,
    )
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['pay-offline-ines', 'recorded'],
      ['pay-offline-report', 'reported'],
      ['pay-offline-tiago', 'recorded'],
    ])
    const numbers = rows.filter((r) => r.status === 'recorded').map((r) => r.receipt_number)
    expect(numbers.every((n) => /^2026-27\/\d{4}$/.test(n ?? ''))).toBe(true)
    expect(new Set(numbers).size).toBe(2)
    const mails = await host.db.query<{ id: string }>(
      `select id from public.email_outbox where id like 'receipt-pay-offline-%' order by id`,
    )
    expect(mails.map((m) => m.id)).toEqual([
      'receipt-pay-offline-ines',
      'receipt-pay-offline-tiago',
    ])

    // The numbers come back to the office's device; the family sees its own payments only.
    await eventually(async () => {
      const doc = await office.db.payments.findOne('pay-offline-tiago').exec()
      expect(doc?.receipt_number).toBe(
        rows.find((r) => r.id === 'pay-offline-tiago')!.receipt_number,
      )
    }, 20_000)

    // The office confirms the family's report; the family's device hears of it.
    await eventually(async () => {
      expect(await office.db.payments.findOne('pay-offline-report').exec()).not.toBeNull()
    }, 20_000)
    const report = (await office.db.payments.findOne('pay-offline-report').exec())!
    await report.incrementalPatch({ status: 'recorded' } as Partial<PaymentRow>)
    await eventually(async () => {
      const seen = await family.db.payments.findOne('pay-offline-report').exec()
      expect(seen?.status).toBe('recorded')
      expect(seen?.receipt_number).toMatch(/^2026-27\/\d{4}$/)
    }, 20_000)
    expect(office.refused).toEqual([])
    expect(family.refused).toEqual([])
    expect(office.lost).toEqual([])
  })
})

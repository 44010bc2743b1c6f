// A field trip's fee recorded twice (issue 34): two office devices, both offline, each record
// Tiago's fee for the same trip. When they come back the server holds one payment, one receipt
// number and one receipt e-mail; the device that came second undoes its payment and tells its
// person who recorded the trip fee first, as for a month recorded twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { payments, students } from '@sync/contract/collections/index.ts'
import { periodAlreadyRecorded } from '@sync/rules/fees/instalment.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

const TRIP = 'ft-repl-spice'

function tripFee(id: string) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: 'st-tiago',
    kind: 'fee' as const,
    status: 'recorded' as const,
    receipt_number: null,
    data: {
      paymentType: 'Field Trip' as const,
      trip: { id: TRIP, title: 'Spice farm' },
      paymentOption: 'Cash' as const,
      feeYear: '2027-28',
      receivedFrom: 'Maria Fernandes',
      amount: 450,
      paymentDate: '2027-09-03',
      studentName: 'Tiago Fernandes',
      familyName: 'Fernandes',
      sendEmail: true,
    },
  }
}

describe.each(testDatabases())('a trip fee recorded on two devices on $name', (target) => {
  let host: TestHost
  const open: Device[] = []

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    await host.db.query(
      `insert into public.gatherings (id, kind, group_ids, status, data)
       values ($1, 'field_trip', '{rg-jaul}', 'pending', $2::jsonb)`,
      [
        TRIP,
        JSON.stringify({
          title: 'Spice farm',
          description: '',
          itinerary: '',
          packingList: '',
          fee: 450,
          startDate: '2027-09-20',
          endDate: '2027-09-20',
          academicYear: '2027-28',
          studentIds: ['st-tiago'],
          facilitatorIds: [],
          parents: [],
        }),
      ],
    )
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('is kept once, and the second device is told why and undoes its payment', async () => {
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
    await first.db.payments.insert(tripFee('trip-pay-first'))
    await second.db.payments.insert(tripFee('trip-pay-second'))

    await first.goOnline()
    await eventually(async () => expect(await first.sync.countPending()).toBe(0), 20_000)
    await second.goOnline()
    await eventually(async () => expect(second.refused).toHaveLength(1), 20_000)

    const kept = await host.db.query<{ id: string; receipt_number: string | null }>(
      `select id, receipt_number from public.payments
        where data #>> '{trip,id}' = $1 and not _deleted order by id`,
      [TRIP],
    )
    expect(kept.map((r) => r.id)).toEqual(['trip-pay-first'])
    expect(kept[0]!.receipt_number).toMatch(/^2027-28\//)
    const mails = await host.db.query<{ id: string }>(
      `select id from public.email_outbox where id in ('receipt-trip-pay-first', 'receipt-trip-pay-second')`,
    )
    expect(mails.map((m) => m.id)).toEqual(['receipt-trip-pay-first'])
    const [notice] = second.refused
    expect(notice).toMatchObject({ collection: 'payments', id: 'trip-pay-second' })
    expect(notice!.reason).toMatch(
      /^Spice farm \(Field Trip\) for Tiago Fernandes is already recorded by /,
    )
    expect(periodAlreadyRecorded(notice!.reason)).toBe(true)
    await eventually(async () => {
      expect(await second.db.payments.findOne('trip-pay-second').exec()).toBeNull()
    }, 20_000)
    expect(second.lost).toEqual([])
    expect(first.refused).toEqual([])
  })
})

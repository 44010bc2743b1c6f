// A field trip's fee (issue 34, N13): a payment of type Field Trip for a student who goes, naming
// the trip. The server refuses one naming no trip, a trip it does not know, or a student who does
// not take part; it records the fee once per student and trip (a second, from another device, is
// refused as a month recorded twice is, unless it is an instalment), and its receipt names the trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { periodAlreadyRecorded } from '@sync/rules/fees/instalment.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const administration = by('administration')
const admin = by('admin')
const guardian = by('guardian')

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string; document: Record<string, unknown> }[]
}

const pushAs = (
  db: Db,
  account: DemoAccount,
  collection: string,
  docs: Record<string, unknown>[],
  assumed: Record<string, unknown> | null = null,
) =>
  asUser(
    db,
    claimsOf(account),
    async (tx: Queryable) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        [
          collection,
          JSON.stringify(docs.map((d) => ({ newDocumentState: d, assumedMasterState: assumed }))),
        ],
      )
      return row!.answer
    },
    { commit: true },
  )

const trip = (id: string, studentIds: string[]) => ({
  id,
  kind: 'field_trip',
  meeting_id: null,
  group_ids: ['rg-jaul'],
  status: 'pending',
  data: {
    title: `Spice farm ${id}`,
    description: '',
    itinerary: '',
    packingList: '',
    fee: 450,
    startDate: '2031-12-04',
    endDate: '2031-12-05',
    academicYear: '2031-32',
    studentIds,
    facilitatorIds: [],
    parents: [],
  },
  _deleted: false,
})

function tripFee(id: string, tripId: string, data: Record<string, unknown> = {}) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: 'st-tiago',
    kind: 'fee',
    status: 'recorded',
    _deleted: false,
    data: {
      paymentType: 'Field Trip',
      trip: { id: tripId, title: `Spice farm ${tripId}` },
      paymentOption: 'Cash',
      feeYear: '2031-32',
      receivedFrom: 'Maria Fernandes',
      amount: 450,
      paymentDate: '2031-11-20',
      studentName: 'Tiago Fernandes',
      familyName: 'Fernandes',
      sendEmail: true,
      ...data,
    },
  }
}

describe.each(testDatabases())('field trip fees on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    const made = await pushAs(db, administration, 'gatherings', [
      trip('ftp-named', ['st-tiago']),
      trip('ftp-group', []),
      trip('ftp-other', ['st-ira']),
    ])
    expect(made.refused).toEqual([])
  })
  afterAll(() => target.close())

  const stored = (tripId: string) =>
    db.query<{ id: string; receipt_number: string | null }>(
      `select id, receipt_number from public.payments
        where data #>> '{trip,id}' = $1 and not _deleted order by receipt_number`,
      [tripId],
    )

  it('records a trip fee naming its trip, with a receipt that names it', async () => {
    expect(
      await pushAs(db, administration, 'payments', [tripFee('ftp-pay-a', 'ftp-named')]),
    ).toEqual({ conflicts: [], refused: [] })
    const [row] = await stored('ftp-named')
    expect(row?.receipt_number).toMatch(/^2031-32\/\d{4}$/)
    const [receipt] = await asUser(db, claimsOf(guardian), (tx) =>
      tx.query<{ r: { paymentFor: string; period: string } }>(
        `select public.payment_receipt('ftp-pay-a') as r`,
      ),
    )
    expect(receipt!.r).toMatchObject({
      paymentFor: 'Field Trip',
      period: 'Field trip: Spice farm ftp-named',
    })
    const mails = await db.query<{ id: string }>(
      `select id from public.email_outbox where id = 'receipt-ftp-pay-a'`,
    )
    expect(mails).toHaveLength(1)
  })

  it('refuses the same trip fee recorded again on another device, unless it is an instalment', async () => {
    const [first] = await stored('ftp-named')
    const second = await pushAs(db, admin, 'payments', [tripFee('ftp-pay-b', 'ftp-named')])
    expect(second.refused).toEqual([
      expect.objectContaining({
        id: 'ftp-pay-b',
        code: 'P0001',
        document: expect.objectContaining({ _deleted: true }),
      }),
    ])
    const reason = second.refused[0]!.reason
    expect(reason).toMatch(
      new RegExp(
        `^Spice farm ftp-named \\(Field Trip\\) for Tiago Fernandes is already recorded by ${administration.name} on .+, receipt ${first!.receipt_number!.replace('/', '\\/')}: keep both as two instalments, or drop yours\\.$`,
      ),
    )
    expect(periodAlreadyRecorded(reason)).toBe(true)
    expect((await stored('ftp-named')).map((r) => r.id)).toEqual(['ftp-pay-a'])
    const kept = await pushAs(db, admin, 'payments', [
      tripFee('ftp-pay-c', 'ftp-named', { instalment: true, amount: 50 }),
    ])
    expect(kept.refused).toEqual([])
    expect((await stored('ftp-named')).map((r) => r.id)).toEqual(['ftp-pay-a', 'ftp-pay-c'])
  })

  it('takes a child of the trip’s groups when the trip names no students, and refuses one who does not go', async () => {
    expect(
      (await pushAs(db, administration, 'payments', [tripFee('ftp-pay-g', 'ftp-group')])).refused,
    ).toEqual([])
    const notGoing = await pushAs(db, administration, 'payments', [
      tripFee('ftp-pay-o', 'ftp-other'),
      {
        ...tripFee('ftp-pay-t', 'ftp-group'),
        student_id: 'st-ines',
        data: { ...tripFee('x', 'ftp-group').data, studentName: 'Inês Fernandes' },
      },
    ])
    expect(notGoing.refused.map((r) => [r.id, r.reason])).toEqual([
      ['ftp-pay-o', 'Tiago Fernandes does not take part in the field trip Spice farm ftp-other.'],
      ['ftp-pay-t', 'Inês Fernandes does not take part in the field trip Spice farm ftp-group.'],
    ])
  })

  it('refuses a trip fee naming no trip or an unknown one, and a trip on another type of payment', async () => {
    const answer = await pushAs(db, administration, 'payments', [
      tripFee('ftp-pay-none', 'x', { trip: undefined }),
      tripFee('ftp-pay-unknown', 'ftp-nowhere'),
      {
        ...tripFee('ftp-pay-monthly', 'ftp-named'),
        data: {
          ...tripFee('y', 'ftp-named').data,
          paymentType: 'Monthly Fee',
          period: {
            key: '2031-32/month/2031-12',
            label: 'December 2031',
            months: 1,
            start: '2031-12-01',
            end: '2031-12-31',
          },
        },
      },
    ])
    expect(answer.refused.map((r) => [r.id, r.reason])).toEqual([
      ['ftp-pay-none', 'This field trip is not known to the centre.'],
      ['ftp-pay-unknown', 'This field trip is not known to the centre.'],
      [
        'ftp-pay-monthly',
        "A Field Trip payment is a student's fee naming its trip; no other payment names a trip.",
      ],
    ])
  })

  it('refuses a family a trip fee that is not its own to report', async () => {
    const report = (id: string, tripId: string, extra: Record<string, unknown> = {}) => ({
      ...tripFee(id, tripId, { sendEmail: false, paymentOption: 'UPI', reference: 'UTR 1234' }),
      status: 'reported',
      ...extra,
    })
    // A trip of Tiago's group with nothing recorded for it yet.
    expect((await pushAs(db, administration, 'gatherings', [trip('ftp-att', [])])).refused).toEqual(
      [],
    )
    const answer = await pushAs(db, guardian, 'payments', [
      // Another family's child, under the other family or under their own.
      report('ftp-att-ira', 'ftp-att', { family_id: 'demo-family-naik', student_id: 'st-ira' }),
      report('ftp-att-mix', 'ftp-att', { student_id: 'st-ira' }),
      // Their own child, on a trip he does not go on.
      report('ftp-att-other', 'ftp-other'),
      // Recorded, not reported: only the office records.
      { ...report('ftp-att-rec', 'ftp-att'), status: 'recorded' },
      // No trip named.
      report('ftp-att-none', 'ftp-att', {
        data: { ...report('x', 'ftp-att').data, trip: undefined },
      }),
    ])
    // Each for its own reason, so none is refused only because another in the push was.
    expect(Object.fromEntries(answer.refused.map((r) => [r.id, r.reason]))).toEqual({
      'ftp-att-ira': 'You are not allowed to make this change to payments.',
      'ftp-att-mix': 'The student is not a child of this family.',
      'ftp-att-other': 'Tiago Fernandes does not take part in the field trip Spice farm ftp-other.',
      'ftp-att-rec': 'A family reports a payment; the office records it.',
      'ftp-att-none': 'This field trip is not known to the centre.',
    })
    const kept = await db.query<{ id: string }>(
      `select id from public.payments where id like 'ftp-att-%'`,
    )
    expect(kept).toEqual([])
  })

  it('lets a family report a trip fee, and the office confirm it once', async () => {
    const report = {
      ...tripFee('ftp-pay-r', 'ftp-group', { sendEmail: false }),
      status: 'reported',
    }
    expect((await pushAs(db, guardian, 'payments', [report])).refused).toEqual([])
    const [row] = await db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(p) - '_seq' - '_modified' as doc from public.payments p where id = 'ftp-pay-r'`,
    )
    const confirm = await pushAs(
      db,
      admin,
      'payments',
      [{ ...row!.doc, status: 'recorded' }],
      row!.doc,
    )
    expect(confirm.refused.map((r) => r.id)).toEqual(['ftp-pay-r'])
    expect(periodAlreadyRecorded(confirm.refused[0]!.reason)).toBe(true)
  })
})

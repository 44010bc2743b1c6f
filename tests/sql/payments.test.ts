// Payments (issue 14): who reads a family's payments, what the office and a guardian may write
// through sync, the receipt number a recorded payment gets (once, without gaps, also when
// payments are pushed at the same time), and the receipt e-mail queued exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { familyDue } from '@sync/rules/fees/overview'
import { feeWindowOf, monthlyFeeOf } from '@sync/rules/fees/rules'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const administration = by('administration')
const guardian = by('guardian')
const student = by('student')
const parentFacilitator = by('parent facilitator')
const facilitator = by('facilitator')

const as = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(account), fn)
/** A push as the person, kept (a read `as` someone is rolled back). */
const kept = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(account), fn, { commit: true })

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

async function push(
  tx: Queryable,
  docs: { doc: Record<string, unknown>; assumed: Record<string, unknown> | null }[],
): Promise<PushAnswer> {
  const [row] = await tx.query<{ answer: PushAnswer }>(
    'select public.sync_push($1, $2::jsonb) as answer',
    [
      'payments',
      JSON.stringify(docs.map((d) => ({ newDocumentState: d.doc, assumedMasterState: d.assumed }))),
    ],
  )
  return row!.answer
}

async function current(db: Db, id: string) {
  const [row] = await db.query<{ doc: Record<string, unknown> }>(
    `select to_jsonb(p) - '_seq' - '_modified' as doc from public.payments p where id = $1`,
    [id],
  )
  return row?.doc ?? null
}

async function receiptMails(db: Db, paymentId: string) {
  return db.query<{
    recipients: string[]
    subject: string
    attachments: unknown
    compose: unknown
    email_type: string
    email_trigger: string
    triggered_by: string | null
  }>(
    `select recipients, subject, attachments, compose, email_type, email_trigger, triggered_by::text
       from public.email_outbox where id = $1`,
    [`receipt-${paymentId}`],
  )
}

const period = {
  key: '2026-27/month/2026-11',
  label: 'November 2026',
  months: 1,
  start: '2026-11-01',
  end: '2026-11-30',
}

function feeDoc(
  id: string,
  over: Record<string, unknown> = {},
  data: Record<string, unknown> = {},
) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: 'st-tiago',
    kind: 'fee',
    status: 'recorded',
    receipt_number: null,
    _deleted: false,
    ...over,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'Indian Bank Transfer',
      // Each test's fee pays for a period of its own: a second fee of one period is refused
      // (payment-once-per-period.test.ts).
      period: { ...period, key: `${period.key}/${id}` },
      feeYear: '2026-27',
      receivedFrom: 'Maria Fernandes',
      amount: 16700,
      paymentDate: '2026-11-26',
      studentsFee: 16700,
      totalFee: 16700,
      yearPaymentTotal: 33400,
      studentName: 'Tiago Fernandes',
      familyName: 'Fernandes',
      sendEmail: true,
      ...data,
    },
  }
}

describe.each(testDatabases())('payments on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it("a guardian reads their own family's payments only; students and facilitators read none", async () => {
    const ids = async (account: DemoAccount) =>
      (
        await as(db, account, (tx) =>
          tx.query<{ id: string }>('select id from public.payments order by id'),
        )
      ).map((r) => r.id)
    expect(await ids(guardian)).toEqual([
      'pay-demo-fernandes-contribution',
      'pay-demo-ines-this-month',
      'pay-demo-tiago-last-month',
    ])
    expect(await ids(parentFacilitator)).toEqual([])
    expect(await ids(student)).toEqual([])
    expect(await ids(facilitator)).toEqual([])
    expect((await ids(administration)).length).toBeGreaterThanOrEqual(3)
  })

  it('the seeded payments have receipt numbers', async () => {
    const rows = await db.query<{ receipt_number: string | null }>(
      `select receipt_number from public.payments where id like 'pay-demo-%'`,
    )
    expect(rows).toHaveLength(3)
    for (const row of rows) expect(row.receipt_number).toMatch(/^\d{4}-\d{2}\/\d{4,}$/)
  })

  it('a payment the office records offline gets the next number and one receipt e-mail, also when pushed twice', async () => {
    const doc = feeDoc('pay-test-recorded')
    const first = await kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))
    expect(first).toEqual({ conflicts: [], refused: [] })
    const saved = await current(db, doc.id)
    expect(saved!.receipt_number).toMatch(/^2026-27\/\d{4}$/)
    expect(saved!.updated_by).toBe(administration.id)
    // The device pushes the same record again (its answer was lost): nothing changes.
    const again = await kept(db, administration, (tx) =>
      push(tx, [{ doc: { ...doc }, assumed: { ...doc } }]),
    )
    expect(again.refused).toEqual([])
    expect((await current(db, doc.id))!.receipt_number).toBe(saved!.receipt_number)
    const mails = await receiptMails(db, doc.id)
    expect(mails).toHaveLength(1)
    // To the family's guardians; the dispatcher writes it from the centre's template when it
    // sends it (tests/host/receipts.test.ts).
    expect(mails[0]).toMatchObject({
      recipients: ['guardian@demo.school', 'joao.fernandes@demo.school'],
      subject: `Receipt ${String(saved!.receipt_number)}`,
      attachments: [{ receipt: doc.id }],
      compose: { receipt: doc.id },
      email_type: 'Payment Receipt',
      email_trigger: 'Fee receipt',
      triggered_by: administration.id,
    })
  })

  it('the office e-mails a receipt again: queued to the guardians like the first, once at a time (issue 40)', async () => {
    const doc = feeDoc('pay-test-again', {}, { sendEmail: false })
    await kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))
    const number = (await current(db, doc.id))!.receipt_number as string
    const again = () =>
      kept(db, administration, async (tx) => {
        const [row] = await tx.query<{ answer: unknown }>(
          'select public.resend_receipt($1) as answer',
          [doc.id],
        )
        return row!.answer
      })
    const copies = () =>
      db.query<Record<string, unknown>>(
        `select id, recipients, subject, attachments, compose, email_type, email_trigger,
                triggered_by::text, status
           from public.email_outbox where attachments @> $1::jsonb order by created_at`,
        [JSON.stringify([{ receipt: doc.id }])],
      )
    expect(await again()).toEqual({
      number,
      recipients: ['guardian@demo.school', 'joao.fernandes@demo.school'],
    })
    const [copy] = await copies()
    expect(copy).toMatchObject({
      recipients: ['guardian@demo.school', 'joao.fernandes@demo.school'],
      subject: `Receipt ${number}`,
      attachments: [{ receipt: doc.id }],
      compose: { receipt: doc.id },
      email_type: 'Payment Receipt',
      email_trigger: 'Fee receipt again',
      triggered_by: administration.id,
      status: 'queued',
    })
    // The dispatcher writes the copy from the payment, as it writes the first.
    const [source] = await db.query<{ mail: { number: string } | null }>(
      'select public.outbox_receipt_mail($1) as mail',
      [copy!.id],
    )
    expect(source!.mail).toMatchObject({ kind: 'fee', number })
    // A second press while the copy waits queues nothing more.
    await expect(again()).rejects.toThrow(
      `Receipt ${number} is already waiting to be sent to the family.`,
    )
    expect(await copies()).toHaveLength(1)
    // Once it has gone, it can be sent again.
    await db.query(`update public.email_outbox set status = 'sent' where id = $1`, [copy!.id])
    await again()
    expect(await copies()).toHaveLength(2)
  })

  it('only the office e-mails a receipt again, and only a recorded one', async () => {
    const reported = feeDoc('pay-test-again-reported', { status: 'reported' }, { sendEmail: false })
    await kept(db, guardian, (tx) => push(tx, [{ doc: reported, assumed: null }]))
    const recorded = feeDoc('pay-test-again-guardian', {}, { sendEmail: false })
    await kept(db, administration, (tx) => push(tx, [{ doc: recorded, assumed: null }]))
    const again = (account: DemoAccount, id: string) =>
      kept(db, account, (tx) => tx.query('select public.resend_receipt($1)', [id]))
    await expect(again(guardian, recorded.id)).rejects.toThrow('Only the office e-mails receipts.')
    await expect(again(facilitator, recorded.id)).rejects.toThrow(
      'Only the office e-mails receipts.',
    )
    await expect(again(administration, reported.id)).rejects.toThrow(
      'Only a recorded payment has a receipt to e-mail.',
    )
    await expect(again(administration, 'no-such-payment')).rejects.toThrow(
      'Only a recorded payment has a receipt to e-mail.',
    )
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from public.email_outbox where attachments @> $1::jsonb`,
      [JSON.stringify([{ receipt: recorded.id }])],
    )
    expect(row!.n).toBe(0)
  })

  it('a device cannot choose its receipt number', async () => {
    const doc = feeDoc('pay-test-own-number', { receipt_number: '2026-27/9999' })
    const answer = await kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))
    expect(answer.refused).toEqual([])
    expect((await current(db, doc.id))!.receipt_number).not.toBe('2026-27/9999')
  })

  it('a family has at most 20 reports waiting for the office, and is told so (issue 29)', async () => {
    const waiting = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from public.payments
            where family_id = 'demo-family-fernandes' and status = 'reported' and not _deleted`,
        )
      )[0]!.n
    const before = await waiting()
    const report = (n: number) =>
      feeDoc(`pay-test-flood-${n}`, { status: 'reported' }, { sendEmail: false, email: undefined })
    const answers = await kept(db, guardian, (tx) =>
      push(
        tx,
        Array.from({ length: 21 - before }, (_, n) => ({ doc: report(n), assumed: null })),
      ),
    )
    expect(await waiting()).toBe(20)
    expect(answers.refused).toEqual([
      expect.objectContaining({
        reason:
          'Your family has 20 payments waiting for the office: please wait until they are confirmed.',
      }),
    ])
    // Cleared again for the tests after this one.
    await db.query(`update public.payments set _deleted = true where id like 'pay-test-flood-%'`)
  })

  it('a payment says how it was made: one without a known option is refused with the reason (issue 29, item 9)', async () => {
    for (const option of [undefined, 'Bitcoin']) {
      const doc = feeDoc(`pay-test-option-${option ?? 'none'}`, {}, { paymentOption: option })
      const answer = await kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))
      expect(answer.refused).toEqual([
        expect.objectContaining({ id: doc.id, reason: 'Choose how the payment was made.' }),
      ])
      expect(await current(db, doc.id)).toBeNull()
    }
  })

  it('no e-mail is queued when "send e-mail" is off, and a contribution is logged as one', async () => {
    const quiet = feeDoc('pay-test-quiet', {}, { sendEmail: false })
    const asFee = feeDoc('pay-test-contribution', { kind: 'contribution', student_id: null })
    const { paymentType: _type, period: _period, ...rest } = asFee.data
    const contribution = { ...asFee, data: { ...rest, contributionType: 'Annual' } }
    const answer = await kept(db, administration, (tx) =>
      push(tx, [
        { doc: quiet, assumed: null },
        { doc: contribution, assumed: null },
      ]),
    )
    expect(answer.refused).toEqual([])
    expect(await receiptMails(db, quiet.id)).toHaveLength(0)
    const mails = await receiptMails(db, contribution.id)
    expect(mails.map((m) => [m.email_type, m.email_trigger])).toEqual([
      ['Contribution Receipt', 'Contribution receipt'],
    ])
  })

  it('a recorded payment keeps its amount; the office sets it aside and it keeps its number', async () => {
    const doc = feeDoc('pay-test-fixed', {}, { sendEmail: false })
    await kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))
    const saved = (await current(db, doc.id))!
    const changed = { ...saved, data: { ...(saved.data as object), amount: 1 } }
    const refused = await kept(db, administration, (tx) =>
      push(tx, [{ doc: changed, assumed: saved }]),
    )
    expect(refused.refused.map((r) => r.reason)).toEqual([
      expect.stringMatching(/has its receipt: set it aside and record it again/),
    ])
    const removed = await kept(db, administration, (tx) =>
      push(tx, [{ doc: { ...saved, _deleted: true }, assumed: saved }]),
    )
    expect(removed.refused.map((r) => r.reason)).toEqual([
      expect.stringMatching(/set it aside instead of removing it/),
    ])
    const voided = { ...saved, status: 'void', data: { ...(saved.data as object), note: 'Twice' } }
    const ok = await kept(db, administration, (tx) => push(tx, [{ doc: voided, assumed: saved }]))
    expect(ok.refused).toEqual([])
    const after = (await current(db, doc.id))!
    expect(after.status).toBe('void')
    expect(after.receipt_number).toBe(saved.receipt_number)
  })

  it('a guardian reports a payment of their family, without e-mail, and cannot record or change one', async () => {
    const report = feeDoc('pay-test-reported', { status: 'reported' }, { reference: 'UPI 61234' })
    const answer = await kept(db, guardian, (tx) => push(tx, [{ doc: report, assumed: null }]))
    expect(answer.refused).toEqual([])
    const saved = (await current(db, report.id))!
    expect(saved.status).toBe('reported')
    expect(saved.receipt_number).toBeNull()
    expect((saved.data as Record<string, unknown>).sendEmail).toBe(false)
    expect((saved.data as Record<string, unknown>).email).toBeUndefined()
    expect(await receiptMails(db, report.id)).toHaveLength(0)

    const recorded = feeDoc('pay-test-guardian-records')
    const refusedRecord = await kept(db, guardian, (tx) =>
      push(tx, [{ doc: recorded, assumed: null }]),
    )
    expect(refusedRecord.refused).toHaveLength(1)
    expect(await current(db, recorded.id)).toBeNull()

    const confirmSelf = { ...saved, status: 'recorded' }
    const refusedUpdate = await kept(db, guardian, (tx) =>
      push(tx, [{ doc: confirmSelf, assumed: saved }]),
    )
    expect(refusedUpdate.refused).toHaveLength(1)
    expect((await current(db, report.id))!.status).toBe('reported')

    const otherFamily = feeDoc(
      'pay-test-other-family',
      { status: 'reported', family_id: 'demo-family-naik', student_id: 'st-ira' },
      { studentName: 'Ira Naik' },
    )
    const refusedOther = await kept(db, guardian, (tx) =>
      push(tx, [{ doc: otherFamily, assumed: null }]),
    )
    expect(refusedOther.refused).toHaveLength(1)
    expect(await current(db, otherFamily.id)).toBeNull()
  })

  it('the office confirms a reported payment: it is numbered and its receipt e-mailed then', async () => {
    const report = feeDoc('pay-test-to-confirm', { status: 'reported' })
    await kept(db, guardian, (tx) => push(tx, [{ doc: report, assumed: null }]))
    const saved = (await current(db, report.id))!
    const confirmed = {
      ...saved,
      status: 'recorded',
      data: { ...(saved.data as object), sendEmail: true },
    }
    const answer = await kept(db, administration, (tx) =>
      push(tx, [{ doc: confirmed, assumed: saved }]),
    )
    expect(answer.refused).toEqual([])
    expect((await current(db, report.id))!.receipt_number).toMatch(/^2026-27\/\d{4}$/)
    expect(await receiptMails(db, report.id)).toHaveLength(1)
  })

  it('a fee names a child of the family, and bad amounts, dates and years change nothing', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['pay-bad-child', { student_id: 'st-ira' }, {}],
      ['pay-bad-amount', {}, { amount: 0 }],
      ['pay-bad-negative', {}, { amount: -5 }],
      ['pay-bad-huge', {}, { amount: 1e12 }],
      ['pay-bad-text', {}, { amount: '100' }],
      ['pay-bad-year', {}, { feeYear: '2026' }],
      ['pay-bad-date', {}, { paymentDate: 'yesterday' }],
      ['pay-bad-type', {}, { paymentType: null }],
      ['pay-bad-contribution', { kind: 'contribution' }, {}],
    ]
    for (const [id, over, data] of cases) {
      const answer = await kept(db, administration, (tx) =>
        push(tx, [{ doc: feeDoc(id, over, data), assumed: null }]),
      )
      expect(answer.refused, id).toHaveLength(1)
      expect(await current(db, id), id).toBeNull()
    }
  })

  // A NUL character never reaches the server: every device refuses it before pushing
  // (sync/engine/sendable.ts), for payments as for every record.
  it('a report with huge text is refused alone; the rest of the batch arrives', async () => {
    const huge = feeDoc(
      'pay-attack-huge',
      { status: 'reported' },
      { receivedFrom: 'x'.repeat(200_000) },
    )
    const fine = feeDoc('pay-attack-fine', { status: 'reported' }, { reference: 'UPI 4321' })
    const answer = await kept(db, guardian, (tx) =>
      push(tx, [
        { doc: huge, assumed: null },
        { doc: fine, assumed: null },
      ]),
    )
    expect(answer.refused.map((r) => r.id)).toEqual(['pay-attack-huge'])
    expect(await current(db, huge.id)).toBeNull()
    expect((await current(db, fine.id))!.status).toBe('reported')
  })

  it('payments pushed by several devices at once get distinct numbers without gaps', async () => {
    const year = '2040-41'
    const docs = Array.from({ length: 12 }, (_, i) =>
      feeDoc(
        `pay-concurrent-${i}`,
        {},
        {
          feeYear: year,
          sendEmail: false,
          period: { ...period, key: `${year}/month/2040-${String(i + 1).padStart(2, '0')}` },
        },
      ),
    )
    const answers = await Promise.all(
      docs.map((doc) => kept(db, administration, (tx) => push(tx, [{ doc, assumed: null }]))),
    )
    expect(answers.flatMap((a) => a.refused)).toEqual([])
    const numbers = (
      await db.query<{ receipt_number: string }>(
        `select receipt_number from public.payments where id like 'pay-concurrent-%'`,
      )
    )
      .map((r) => Number(r.receipt_number.split('/')[1]))
      .sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  })

  it("family_fees answers a guardian's children's monthly fees: their own tariff, else their group's", async () => {
    const fees = await as(db, guardian, (tx) =>
      tx.query<{ student_id: string; monthly_fee: string }>(
        'select student_id, monthly_fee::text from public.family_fees() order by student_id',
      ),
    )
    expect(fees.map((f) => [f.student_id, Number(f.monthly_fee)])).toEqual([
      ['st-ines', 14500],
      ['st-tiago', 16700],
    ])
    const office = await as(db, administration, (tx) =>
      tx.query('select * from public.family_fees()'),
    )
    expect(office).toEqual([])
  })

  it('family_fees answers what the app works out for the same students (J14, monthlyFeeOf)', async () => {
    const tariffs = [
      { id: 'rf-j14-own', amount: 12000, deleted: false },
      { id: 'rf-j14-group', amount: 9000, deleted: false },
      { id: 'rf-j14-free', amount: 0, deleted: false },
      { id: 'rf-j14-gone', amount: 7000, deleted: true },
    ]
    const groups = [
      { id: 'rg-j14-fee', feeTariffId: 'rf-j14-group' },
      { id: 'rg-j14-none', feeTariffId: null },
      { id: 'rg-j14-gone', feeTariffId: 'rf-j14-gone' },
    ]
    const students = [
      { id: 'st-j14-a', fee_tariff_id: 'rf-j14-own', group_id: 'rg-j14-fee' },
      { id: 'st-j14-b', fee_tariff_id: null, group_id: 'rg-j14-fee' },
      { id: 'st-j14-c', fee_tariff_id: 'rf-j14-free', group_id: 'rg-j14-fee' },
      { id: 'st-j14-d', fee_tariff_id: 'rf-j14-gone', group_id: 'rg-j14-fee' },
      { id: 'st-j14-e', fee_tariff_id: null, group_id: 'rg-j14-none' },
      { id: 'st-j14-f', fee_tariff_id: null, group_id: 'rg-j14-gone' },
      { id: 'st-j14-g', fee_tariff_id: 'rf-j14-missing', group_id: 'rg-j14-none' },
      { id: 'st-j14-h', fee_tariff_id: null, group_id: 'rg-j14-unknown' },
    ]
    const live = new Map(tariffs.filter((t) => !t.deleted).map((t) => [t.id, t.amount]))
    const groupMap = new Map(groups.map((g) => [g.id, g]))
    const expected = students.map((st) => [st.id, monthlyFeeOf(st, groupMap, live)])
    expect(expected.map(([, fee]) => fee)).toEqual([12000, 9000, 0, 9000, 0, 0, 0, 0])

    const rollback = new Error('rolled back')
    let server: [string, number][] = []
    await db
      .transaction(async (tx) => {
        for (const t of tariffs)
          await tx.query(
            `insert into public.reference (id, kind, data, _deleted) values ($1, 'fee_tariff', $2, $3)`,
            [t.id, JSON.stringify({ name: t.id, amount: t.amount }), t.deleted],
          )
        for (const g of groups)
          await tx.query(`insert into public.reference (id, kind, data) values ($1, 'group', $2)`, [
            g.id,
            JSON.stringify({ name: g.id, feeTariffId: g.feeTariffId }),
          ])
        for (const st of students)
          await tx.query(
            `insert into public.students (id, family_id, group_id, status, name, fee_tariff_id)
             values ($1, 'demo-family-fernandes', $2, 'active', $1, $3)`,
            [st.id, st.group_id, st.fee_tariff_id],
          )
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify(claimsOf(guardian))],
        )
        const rows = await tx.query<{ student_id: string; monthly_fee: string }>(
          `select student_id, monthly_fee::text from public.family_fees()
            where student_id like 'st-j14-%' order by student_id`,
        )
        server = rows.map((r) => [r.student_id, Number(r.monthly_fee)])
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    expect(server).toEqual(expected)
  })

  it("family_fees gives each child's first day and a termination's end, and the app charges the same months", async () => {
    const rollback = new Error('rolled back')
    let rows: Record<string, unknown>[] = []
    await db
      .transaction(async (tx) => {
        const insert = (id: string, status: string, enrolment: Record<string, unknown>) =>
          tx.query(
            `insert into public.students (id, family_id, group_id, status, name, fee_tariff_id, enrolment)
             values ($1, 'demo-family-fernandes', 'rg-tanni', $2, $1, 'rf-14500', $3)`,
            [id, status, JSON.stringify(enrolment)],
          )
        await insert('st-win-starts', 'active', {
          startDate: '2027-01-04',
          enrolledAt: '2026-11-20T06:00:00Z',
        })
        await insert('st-win-left', 'terminated', {
          enrolledAt: '2026-06-01T06:00:00Z',
          terminatedAt: '2026-11-02T06:00:00Z',
        })
        await insert('st-win-old', 'terminated', { enrolledAt: '2026-06-01T06:00:00Z' })
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [JSON.stringify(claimsOf(guardian))],
        )
        rows = await tx.query(
          `select student_id, monthly_fee::int as monthly_fee, start_date, enrolled_at, terminated_at
             from public.family_fees() where student_id like 'st-win-%' order by student_id`,
        )
        throw rollback
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error
      })
    // A terminated student with no known end is not answered: nothing says what they owe.
    expect(rows.map((r) => r.student_id)).toEqual(['st-win-left', 'st-win-starts'])
    const students = rows.map((r) => ({
      id: String(r.student_id),
      monthlyFee: Number(r.monthly_fee),
      feeWindow: feeWindowOf({
        startDate: r.start_date as string | null,
        enrolledAt: r.enrolled_at as string | null,
        terminatedAt: r.terminated_at as string | null,
      }),
    }))
    expect(students.map((f) => [f.id, f.feeWindow])).toEqual([
      ['st-win-left', { from: '2026-06-01', to: '2026-11-02' }],
      ['st-win-starts', { from: '2027-01-04', to: null }],
    ])
    const due = familyDue(students, [], '2026-11-28').students
    expect(due.map((f) => [f.studentId, f.totalFeePending])).toEqual([
      ['st-win-left', 14500],
      ['st-win-starts', 0],
    ])
  })

  it("payment_receipt gives a recorded payment's receipt to its family and the office, nobody else", async () => {
    const read = (account: DemoAccount, id: string) =>
      as(db, account, async (tx) => {
        const [row] = await tx.query<{ r: Record<string, unknown> | null }>(
          'select public.payment_receipt($1) as r',
          [id],
        )
        return row!.r
      })
    const mine = await read(guardian, 'pay-demo-ines-this-month')
    expect(mine).toMatchObject({
      family: 'Fernandes',
      students: ['Inês Fernandes'],
      paymentFor: 'Monthly Fee',
      amount: 14500,
    })
    expect(await read(administration, 'pay-demo-ines-this-month')).toMatchObject({ amount: 14500 })
    expect(await read(parentFacilitator, 'pay-demo-ines-this-month')).toBeNull()
    expect(await read(guardian, 'pay-test-reported')).toBeNull()
  })

  it('payments are written through sync only', async () => {
    await expect(
      as(db, administration, (tx) =>
        tx.query(
          `update public.payments set status = 'void' where id = 'pay-demo-ines-this-month'`,
        ),
      ),
    ).rejects.toThrow(/through the app's sync/)
  })
})

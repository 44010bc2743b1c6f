// A month's fee recorded twice (issue 30, item 1): two office devices that each recorded the
// November fee of the same student offline. The server keeps the first; the second comes back
// refused with who recorded the first, when, and its receipt, before it is numbered or its
// receipt e-mailed. Marked as an instalment it is kept beside the first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
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

const pushAs = (db: Db, account: DemoAccount, docs: Record<string, unknown>[]) =>
  asUser(
    db,
    claimsOf(account),
    async (tx: Queryable) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        [
          'payments',
          JSON.stringify(docs.map((d) => ({ newDocumentState: d, assumedMasterState: null }))),
        ],
      )
      return row!.answer
    },
    { commit: true },
  )

function fee(id: string, month: string, data: Record<string, unknown> = {}) {
  return {
    id,
    family_id: 'demo-family-fernandes',
    student_id: 'st-tiago',
    kind: 'fee',
    status: 'recorded',
    _deleted: false,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'Cash',
      period: {
        key: `2031-32/month/${month}`,
        label: `Month ${month}`,
        months: 1,
        start: `${month}-01`,
        end: `${month}-28`,
      },
      feeYear: '2031-32',
      receivedFrom: 'Maria Fernandes',
      amount: 16700,
      paymentDate: `${month}-05`,
      studentName: 'Tiago Fernandes',
      familyName: 'Fernandes',
      sendEmail: true,
      ...data,
    },
  }
}

describe.each(testDatabases())('a fee recorded twice on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const payments = (month: string) =>
    db.query<{ id: string; receipt_number: string | null; status: string }>(
      `select id, receipt_number, status from public.payments
        where data -> 'period' ->> 'key' = $1 and not _deleted order by id`,
      [`2031-32/month/${month}`],
    )
  const receiptMails = (month: string) =>
    db.query<{ id: string }>(
      `select o.id from public.email_outbox o join public.payments p on o.id = 'receipt-' || p.id
        where p.data -> 'period' ->> 'key' = $1 order by o.id`,
      [`2031-32/month/${month}`],
    )
  const [lastNumber] = [
    async () =>
      (
        await db.query<{ n: number | null }>(
          `select last_number as n from app.receipt_counters where fee_year = '2031-32'`,
        )
      )[0]?.n ?? 0,
  ]

  it('keeps the first, refuses the second with who, when and the receipt, and numbers and e-mails one', async () => {
    const first = await pushAs(db, administration, [fee('pay-twice-a', '2031-11')])
    expect(first.refused).toEqual([])
    const numbered = await lastNumber()
    const second = await pushAs(db, admin, [fee('pay-twice-b', '2031-11')])
    const [firstRow] = await payments('2031-11')
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date())
    expect(second.refused).toEqual([
      expect.objectContaining({
        id: 'pay-twice-b',
        code: 'P0001',
        reason:
          `Month 2031-11 (Monthly Fee) for Tiago Fernandes is already recorded by ${administration.name} ` +
          `on ${today}, receipt ${firstRow!.receipt_number}: keep both as two instalments, or drop yours.`,
        // The device undoes its row: the server has none.
        document: expect.objectContaining({ id: 'pay-twice-b', _deleted: true }),
      }),
    ])
    expect((await payments('2031-11')).map((p) => p.id)).toEqual(['pay-twice-a'])
    expect(await lastNumber()).toBe(numbered)
    expect((await receiptMails('2031-11')).map((m) => m.id)).toEqual(['receipt-pay-twice-a'])
  })

  it('keeps both when the person says it is an instalment, with the next number and its own receipt', async () => {
    await pushAs(db, administration, [fee('pay-instalment-a', '2031-10', { amount: 8000 })])
    const refused = await pushAs(db, admin, [fee('pay-instalment-b', '2031-10', { amount: 8700 })])
    expect(refused.refused).toHaveLength(1)
    const kept = await pushAs(db, admin, [
      fee('pay-instalment-c', '2031-10', { amount: 8700, instalment: true }),
    ])
    expect(kept.refused).toEqual([])
    const rows = await payments('2031-10')
    expect(rows.map((r) => r.id)).toEqual(['pay-instalment-a', 'pay-instalment-c'])
    expect(new Set(rows.map((r) => r.receipt_number)).size).toBe(2)
    expect((await receiptMails('2031-10')).map((m) => m.id)).toEqual([
      'receipt-pay-instalment-a',
      'receipt-pay-instalment-c',
    ])
  })

  it('another month, another fee type or another student is no duplicate; a payment set aside frees its month', async () => {
    await pushAs(db, administration, [fee('pay-free-a', '2031-09')])
    const others = await pushAs(db, admin, [
      fee('pay-free-b', '2031-08'),
      fee('pay-free-c', '2031-09', { paymentType: 'Term Fee' }),
      {
        ...fee('pay-free-d', '2031-09'),
        student_id: 'st-ines',
        data: { ...fee('x', '2031-09').data, studentName: 'Ines Fernandes' },
      },
    ])
    expect(others.refused).toEqual([])
    const [a] = await db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(p) - '_seq' - '_modified' as doc from public.payments p where id = 'pay-free-a'`,
    )
    const voided = {
      ...a!.doc,
      status: 'void',
      data: { ...(a!.doc.data as object), note: 'Entered on the wrong day' },
    }
    const setAside = await asUser(
      db,
      claimsOf(administration),
      async (tx) => {
        const [row] = await tx.query<{ answer: PushAnswer }>(
          'select public.sync_push($1, $2::jsonb) as answer',
          ['payments', JSON.stringify([{ newDocumentState: voided, assumedMasterState: a!.doc }])],
        )
        return row!.answer
      },
      { commit: true },
    )
    expect(setAside).toEqual({ conflicts: [], refused: [] })
    const again = await pushAs(db, admin, [fee('pay-free-e', '2031-09')])
    expect(again.refused).toEqual([])
  })

  it('the office confirming a report of a month already recorded is told the same', async () => {
    await pushAs(db, administration, [fee('pay-report-a', '2031-07')])
    const report = fee('pay-report-b', '2031-07', { sendEmail: false })
    const reported = await pushAs(db, guardian, [{ ...report, status: 'reported' }])
    expect(reported.refused).toEqual([])
    const [row] = await db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(p) - '_seq' - '_modified' as doc from public.payments p where id = 'pay-report-b'`,
    )
    const confirm = await asUser(
      db,
      claimsOf(admin),
      async (tx) => {
        const [answer] = await tx.query<{ answer: PushAnswer }>(
          'select public.sync_push($1, $2::jsonb) as answer',
          [
            'payments',
            JSON.stringify([
              {
                newDocumentState: { ...row!.doc, status: 'recorded' },
                assumedMasterState: row!.doc,
              },
            ]),
          ],
        )
        return answer!.answer
      },
      { commit: true },
    )
    expect(confirm.refused.map((r) => r.reason)).toEqual([
      expect.stringMatching(
        /^Month 2031-07 \(Monthly Fee\) for Tiago Fernandes is already recorded by /,
      ),
    ])
    expect(confirm.refused[0]!.document).toMatchObject({ id: 'pay-report-b', status: 'reported' })
  })

  it('two devices pushing the same month at the same moment: one is kept, the other refused', async () => {
    const answers = await Promise.all(
      ['pay-race-a', 'pay-race-b', 'pay-race-c'].map((id, i) =>
        pushAs(db, i % 2 ? admin : administration, [fee(id, '2031-06')]),
      ),
    )
    expect(answers.flatMap((a) => a.refused)).toHaveLength(2)
    expect(await payments('2031-06')).toHaveLength(1)
    expect(await receiptMails('2031-06')).toHaveLength(1)
  })
})

// Inquiries (issue 12): only the office reads and writes them, devices write through sync_push,
// and a visitor's application arrives only through applications_submit, once per id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Doc = Record<string, unknown> & { id: string }

async function pull(tx: Queryable) {
  const [row] = await tx.query<{ r: { documents: Doc[] } }>(
    "select public.sync_pull('inquiries', null, 1000) as r",
  )
  return row!.r.documents
}
async function push(tx: Queryable, rows: unknown[]) {
  const [row] = await tx.query<{
    r: { conflicts: Doc[]; refused: { id: string; reason: string }[] }
  }>("select public.sync_push('inquiries', $1::jsonb) as r", [JSON.stringify(rows)])
  return row!.r
}

const application = (id: string) => ({
  id,
  kind: 'family',
  family_name: 'Gomes',
  data: {
    maritalStatus: 'Married',
    children: [{ firstName: 'Ana', lastName: 'Gomes', dob: '2018-01-01' }],
    guardians: [{ firstName: 'Rui', lastName: 'Gomes', email: 'rui@demo.school', mobile: '9822' }],
  },
})
const mails = {
  sender: 'Centre <no-reply@demo.school>',
  acknowledgement: {
    to: 'Rui@demo.school',
    subject: 'We received your application',
    html: '<p>x</p>',
  },
  notice: { subject: 'New application: Gomes', html: '<p>y</p>' },
}

describe.each(testDatabases())('inquiries on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('seeds demo inquiries in every step of the pipeline', async () => {
    const docs = await asUser(db, by('administration'), (tx) => pull(tx))
    const statuses = new Set(docs.map((d) => d.status))
    for (const s of ['initialInquiry', 'meeting', 'trial', 'onHold', 'notProceeding', 'admission'])
      expect(statuses, s).toContain(s)
  })

  it.each([
    ['admin', true],
    ['administration', true],
    ['admission', true],
    ['facilitator', false],
    ['guardian', false],
    ['student', false],
    ['member (no role yet)', false],
  ])('%s reads inquiries: %s', async (label, reads) => {
    const docs = await asUser(db, by(label), (tx) => pull(tx).catch(() => []))
    expect(docs.length > 0).toBe(reads)
  })

  it('a visitor reads nothing and cannot call the submit function', async () => {
    await expect(
      asUser(db, null, (tx) => tx.query('select id from public.inquiries')),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      asUser(db, null, (tx) =>
        tx.query('select public.applications_submit($1::jsonb, $2::jsonb)', [
          JSON.stringify(application('app-visitor-1')),
          JSON.stringify(mails),
        ]),
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('the office moves an inquiry through sync_push; others are refused', async () => {
    const [before] = await asUser(db, by('admission'), (tx) => pull(tx)).then((docs) =>
      docs.filter((d) => d.id === 'inq-demo-naik'),
    )
    const moved = { ...before!, status: 'onHold' }
    const answer = await asUser(db, by('admission'), async (tx) => {
      const result = await push(tx, [{ newDocumentState: moved, assumedMasterState: before }])
      const [row] = await tx.query<{ status: string; updated_by: string }>(
        "select status, updated_by from public.inquiries where id = 'inq-demo-naik'",
      )
      return { result, row }
    })
    expect(answer.result.refused).toEqual([])
    expect(answer.row).toEqual({ status: 'onHold', updated_by: by('admission').sub })

    // A facilitator cannot see the inquiry: the push changes nothing and answers that it is gone.
    const refused = await asUser(db, by('facilitator'), (tx) =>
      push(tx, [{ newDocumentState: moved, assumedMasterState: before }]),
    )
    expect(refused.conflicts).toEqual([expect.objectContaining({ _deleted: true })])
    const [row] = await db.query<{ status: string }>(
      "select status from public.inquiries where id = 'inq-demo-naik'",
    )
    expect(row).toEqual({ status: 'meeting' })
  })

  it('refuses an unknown status with the reason', async () => {
    const [before] = await asUser(db, by('admin'), (tx) => pull(tx)).then((docs) =>
      docs.filter((d) => d.id === 'inq-demo-keller'),
    )
    const answer = await asUser(db, by('admin'), (tx) =>
      push(tx, [{ newDocumentState: { ...before!, status: 'xyz' }, assumedMasterState: before }]),
    )
    expect(answer.refused[0]?.reason).toContain('Initial Inquiry, Meeting, Trial')
  })

  it('refuses writes that skip sync_push, even by the office', async () => {
    await expect(
      asUser(db, by('admin'), (tx) =>
        tx.query("update public.inquiries set potential = true where id = 'inq-demo-keller'"),
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('a submission makes one inquiry, an acknowledgement and a notice, once per id', async () => {
    const result = await asUser(
      db,
      null,
      async (tx) => {
        const call = () =>
          tx.query<{ r: { id: string; duplicate: boolean } }>(
            'select public.applications_submit($1::jsonb, $2::jsonb) as r',
            [JSON.stringify(application('app-test-0001')), JSON.stringify(mails)],
          )
        const first = (await call())[0]!.r
        const second = (await call())[0]!.r
        const rows = await tx.query<{ status: string; family_name: string }>(
          "select status, family_name from public.inquiries where id = 'app-test-0001'",
        )
        const outbox = await tx.query<{ email_trigger: string; recipients: string[] }>(
          "select email_trigger, recipients from public.email_outbox where email_trigger like 'applications.%' order by email_trigger",
        )
        return { first, second, rows, outbox }
      },
      { role: 'service_role' },
    )
    expect(result.first).toEqual({ id: 'app-test-0001', duplicate: false })
    expect(result.second).toEqual({ id: 'app-test-0001', duplicate: true })
    expect(result.rows).toEqual([{ status: 'initialInquiry', family_name: 'Gomes' }])
    expect(result.outbox).toHaveLength(2)
    expect(result.outbox[0]).toEqual({
      email_trigger: 'applications.acknowledgement',
      recipients: ['rui@demo.school'],
    })
    expect(result.outbox[1]!.email_trigger).toBe('applications.notice')
    expect(result.outbox[1]!.recipients).toEqual(
      expect.arrayContaining([
        demoAccounts.find((a) => a.label === 'administration')!.email,
        demoAccounts.find((a) => a.label === 'admission')!.email,
      ]),
    )
  })
})

// A child's feedback PDF downloaded from the `feedback-pdf` function (M09): made from what the
// centre released only (read back with pdf.js: the released text is there, a draft's and a ready
// entry's are not), for the child's guardians, the child and the centre's staff; a guardian of
// another family, a student asking for a sibling and a member without a role are refused.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { pdfPages } from '../helpers/pdf-text.ts'
import { testDatabases } from '../helpers/test-db.ts'

const admin = demoAccounts.find((a) => a.label === 'facilitator admin')!
const TERM = '2026_2027_1'

function entry(
  id: string,
  student: [string, string],
  status: 'draft' | 'ready' | 'released',
  text: string,
) {
  return {
    id,
    kind: 'student',
    term: TERM,
    group_id: 'rg-jaul',
    subject_id: 'rs-maths',
    facilitator_id: admin.facilitatorId!,
    student_id: student[0],
    status,
    _deleted: false,
    data: {
      title: 'Term 1 in Mathematics',
      feedback: text,
      groupFeedbackId: null,
      color: 'green',
      notParticipating: false,
      studentName: student[1],
      facilitatorName: 'Rahul Desai',
    },
  }
}

const tiago: [string, string] = ['st-tiago', 'Tiago Fernandes']
const ines: [string, string] = ['st-ines', 'Inês Fernandes']
const ira: [string, string] = ['st-ira', 'Ira Naik']

describe.each(testDatabases())('feedback PDFs to download on $name', (database) => {
  let h: TestHost
  const tokens = new Map<string, string>()

  async function tokenOf(label: string): Promise<string> {
    const known = tokens.get(label)
    if (known) return known
    const account = demoAccounts.find((a) => a.label === label)!
    const { data, error } = await h.client().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    if (error) throw error
    tokens.set(label, data.session.access_token)
    return data.session.access_token
  }

  const download = async (label: string | null, body: unknown) =>
    fetch(`${h.url}/functions/v1/feedback-pdf`, {
      method: 'POST',
      headers: {
        apikey: h.anonKey,
        'content-type': 'application/json',
        ...(label ? { authorization: `Bearer ${await tokenOf(label)}` } : {}),
      },
      body: JSON.stringify(body),
    })

  const textOf = async (res: Response) =>
    (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join('\n')

  beforeAll(async () => {
    h = await startTestHost({ database })
    const client: SupabaseClient = h.client()
    const { error } = await client.auth.signInWithPassword({
      email: admin.email,
      password: admin.password,
    })
    if (error) throw error
    const rows = [
      entry('fb-pdf-t1', tiago, 'released', 'Tiago measures the classroom in paces.'),
      entry('fb-pdf-t2', tiago, 'draft', 'DRAFT: still thinking about Tiago.'),
      entry('fb-pdf-t3', tiago, 'ready', 'READY: not yet released about Tiago.'),
      entry('fb-pdf-i1', ines, 'released', 'Inês sorts shapes by their corners.'),
      entry('fb-pdf-r1', ira, 'released', 'Ira counts in fives to a hundred.'),
    ]
    const pushed = await client.rpc('sync_push', {
      collection: 'feedback',
      rows: rows.map((doc) => ({ newDocumentState: doc, assumedMasterState: null })),
    })
    expect(pushed.error).toBeNull()
    expect(pushed.data).toEqual({ conflicts: [], refused: [] })
  }, 120_000)
  afterAll(async () => {
    await h?.stop()
  })

  it(
    "gives a guardian their child's PDF with the released feedback only",
    { timeout: 90_000 },
    async () => {
      const res = await download('guardian', { student: 'st-tiago', term: TERM })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="feedback-tiago-fernandes-2026-2027-1.pdf"',
      )
      const text = await textOf(res)
      expect(text).toContain('Tiago Fernandes')
      expect(text).toContain('Tiago measures the classroom in paces.')
      expect(text).not.toContain('DRAFT')
      expect(text).not.toContain('READY')
      expect(text).not.toContain('Inês sorts shapes')
    },
  )

  it('gives the child their own and the staff any child’s', { timeout: 90_000 }, async () => {
    const own = await download('student', { student: 'st-tiago', term: TERM })
    expect(own.status).toBe(200)
    expect(await textOf(own)).toContain('Tiago measures the classroom in paces.')
    for (const label of ['administration', 'facilitator']) {
      const res = await download(label, { student: 'st-ira', term: TERM })
      expect(res.status).toBe(200)
      expect(await textOf(res)).toContain('Ira counts in fives to a hundred.')
    }
  })

  it('refuses a guardian of another family, a sibling, a member and a visitor', async () => {
    const other = await download('guardian', { student: 'st-ira', term: TERM })
    expect(other.status).toBe(403)
    expect(await other.json()).toEqual({
      type: 'error',
      message: 'This feedback is not yours to download.',
    })
    // The same answer for a child who does not exist: nothing is told about other families.
    expect((await download('guardian', { student: 'st-nobody', term: TERM })).status).toBe(403)
    expect((await download('student', { student: 'st-ines', term: TERM })).status).toBe(403)
    expect(
      (await download('member (no role yet)', { student: 'st-tiago', term: TERM })).status,
    ).toBe(403)
    expect((await download(null, { student: 'st-tiago', term: TERM })).status).toBe(401)
  })

  it('answers 404 for a term with nothing released, and 400 for a bad request', async () => {
    const none = await download('guardian', { student: 'st-tiago', term: '2025_2026_3' })
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({
      type: 'error',
      message: 'There is no released feedback for this child in this term yet.',
    })
    expect((await download('guardian', { student: 'st-tiago', term: 'spring' })).status).toBe(400)
    expect((await download('guardian', { term: TERM })).status).toBe(400)
  })
})

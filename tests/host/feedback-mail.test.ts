// A term's feedback released on a device (M09, F33): the server sends each child's guardians one
// 'Student Feedback' e-mail with the term's PDF (read back from the SMTP server), never two for
// one release, and a later release of more entries sends the updated PDF.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { pdfPages } from '../helpers/pdf-text.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'

const admin = demoAccounts.find((a) => a.label === 'facilitator admin')!
const TERM = '2026_2027_3'

function entry(id: string, student: [string, string], subject: string, text: string) {
  return {
    id,
    kind: 'student',
    term: TERM,
    group_id: 'rg-jaul',
    subject_id: subject,
    facilitator_id: admin.facilitatorId!,
    student_id: student[0],
    status: 'released',
    _deleted: false,
    data: {
      title: `Term 3 in ${subject}`,
      feedback: text,
      groupFeedbackId: null,
      color: 'yellow',
      notParticipating: false,
      studentName: student[1],
      facilitatorName: 'Rahul Desai',
    },
  }
}

const group = {
  id: 'fb-mail-group',
  kind: 'group',
  term: TERM,
  group_id: 'rg-jaul',
  subject_id: 'rs-maths',
  facilitator_id: admin.facilitatorId!,
  student_id: null,
  status: 'released',
  _deleted: false,
  data: { projectedCurriculum: 'Fractions', coveredCurriculum: 'Halves, quarters and thirds.' },
}

const tiago: [string, string] = ['st-tiago', 'Tiago Fernandes']
const ines: [string, string] = ['st-ines', 'Inês Fernandes']

describe.each(testDatabases())('feedback e-mails on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let client: SupabaseClient

  const push = (rows: object[]) =>
    client.rpc('sync_push', {
      collection: 'feedback',
      rows: rows.map((doc) => ({ newDocumentState: doc, assumedMasterState: null })),
    })
  const feedbackMails = () =>
    smtp.messages.filter((m) => m.headers.get('x-email-type') === 'Student Feedback')

  beforeAll(async () => {
    smtp = await startSmtp()
    h = await startTestHost({
      database,
      smtpUrl: smtp.url,
      options: { mailFrom: 'Learning Centre <no-reply@centre.test>' },
    })
    client = h.client()
    const { error } = await client.auth.signInWithPassword({
      email: admin.email,
      password: admin.password,
    })
    if (error) throw error
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  it('a release sends each child one Student Feedback e-mail with the PDF, to the guardians', async () => {
    const rows = [
      group,
      entry('fb-mail-t1', tiago, 'rs-maths', 'Tiago adds fractions with like denominators.'),
      entry('fb-mail-t2', tiago, 'rs-english', 'Tiago wrote a letter to his grandmother.'),
      entry('fb-mail-i1', ines, 'rs-maths', 'Inês counts to a hundred.'),
    ]
    const { data, error } = await push(rows)
    expect(error).toBeNull()
    expect(data).toEqual({ conflicts: [], refused: [] })
    // The same push again (the device never heard the answer) sends nothing more.
    expect((await push(rows)).error).toBeNull()

    const forTiago = await smtp.waitForMail(
      (m) => m.subject === 'Feedback for Tiago Fernandes, Term 3 2026-27',
      20_000,
    )
    await smtp.waitForMail(
      (m) => m.subject === 'Feedback for Inês Fernandes, Term 3 2026-27',
      20_000,
    )
    expect(forTiago.to.sort()).toEqual(['guardian@demo.school', 'joao.fernandes@demo.school'])
    expect(forTiago.headers.get('x-email-type')).toBe('Student Feedback')
    expect(forTiago.attachments).toHaveLength(1)
    const pdf = forTiago.attachments[0]!
    expect(pdf.filename).toBe('feedback-tiago-fernandes-2026-2027-3.pdf')
    expect(pdf.contentType).toMatch(/application\/pdf/)
    const text = (await pdfPages(new Uint8Array(pdf.content))).join('\n')
    expect(text).toContain('Student: Tiago Fernandes')
    expect(text).toContain('Group: Jaul')
    expect(text).toContain('Mathematics')
    expect(text).toContain('Rahul Desai · Steady')
    expect(text).toContain('Tiago adds fractions with like denominators.')
    expect(text).toContain('Tiago wrote a letter to his grandmother.')
    expect(text).toContain('Halves, quarters and thirds.')
    expect(text).not.toContain('Inês counts')

    const sent = () =>
      h.db.query<{ status: string; email_type: string }>(
        `select status, email_type from public.email_outbox where id like 'feedback-%' order by id`,
      )
    await expect.poll(sent, { timeout: 20_000 }).toEqual([
      { status: 'sent', email_type: 'Student Feedback' },
      { status: 'sent', email_type: 'Student Feedback' },
    ])
    expect(feedbackMails()).toHaveLength(2)
  })

  it('a later release of more entries sends the updated PDF, to that child only', async () => {
    const { error } = await push([
      entry('fb-mail-t3', tiago, 'rs-science', 'Tiago grew beans and measured them each week.'),
    ])
    expect(error).toBeNull()
    await expect.poll(() => feedbackMails().length, { timeout: 20_000 }).toBe(3)
    const latest = feedbackMails()[2]!
    expect(latest.subject).toBe('Feedback for Tiago Fernandes, Term 3 2026-27')
    const text = (await pdfPages(new Uint8Array(latest.attachments[0]!.content))).join('\n')
    expect(text).toContain('Tiago grew beans and measured them each week.')
    expect(text).toContain('Tiago adds fractions with like denominators.')
  })

  it('saving a released entry again, or a draft, sends nothing', async () => {
    const draft = { ...entry('fb-mail-draft', ines, 'rs-art', 'Inês paints.'), status: 'draft' }
    expect((await push([draft])).error).toBeNull()
    expect(
      (await push([entry('fb-mail-i1', ines, 'rs-maths', 'Inês counts to a hundred.')])).error,
    ).toBeNull()
    const [{ count }] = (await h.db.query<{ count: number }>(
      `select count(*)::int as count from public.email_outbox where email_type = 'Student Feedback'`,
    )) as [{ count: number }]
    expect(count).toBe(3)
  })
})

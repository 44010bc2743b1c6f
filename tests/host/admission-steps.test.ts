// The admission steps end to end on the local host (issue 16): the office's device pushes an
// inquiry with a step in it, and the e-mail that reaches the SMTP server carries what the step
// says: the meeting's calendar invite (updated, same UID, on a reschedule), the trial's curriculum
// PDF from storage, and the facilitators' notice. A dispatcher killed in the middle of a step's
// e-mail neither loses nor repeats it.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { dispatcher, functionEnv, outboxRow } from './support/outbox.ts'

const SEEDED = fileURLToPath(
  new URL('../../supabase/seed/files/documents/centre/curriculum.pdf', import.meta.url),
)
const CHILD = fileURLToPath(new URL('./support/dispatch-outbox.ts', import.meta.url))
const CURRICULUM = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '')

describe.each(testDatabases())('admission steps on the host on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let dispatch: ReturnType<typeof dispatcher>
  let office: SupabaseClient
  let n = 0

  beforeAll(async () => {
    smtp = await startSmtp()
    // No SMTP for the host's own mailer: the test dispatches when it chooses.
    h = await startTestHost({ database })
    dispatch = dispatcher(h, smtp.url)
    const account = demoAccounts.find((a) => a.label === 'admission')!
    office = h.client()
    const { error } = await office.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    if (error) throw error
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  async function newInquiry(): Promise<string> {
    n += 1
    const id = `inq-host-steps-${n}`
    await h.db.query(
      `insert into public.inquiries (id, kind, status, family_name, data)
       values ($1, 'family', 'initialInquiry', 'Lobo', $2::jsonb)`,
      [
        id,
        JSON.stringify({
          maritalStatus: 'Married',
          children: [
            {
              firstName: 'Zara',
              lastName: 'Lobo',
              dob: '2018-02-11',
              gender: 'Female',
              nationality: 'Indian',
            },
          ],
          guardians: [
            {
              firstName: 'Neha',
              lastName: 'Lobo',
              email: `neha.lobo${n}@family.test`,
              prefix: '+91',
              mobile: '9822099999',
            },
          ],
        }),
      ],
    )
    return id
  }

  /** The office's device pushes the inquiry with one more step, as sync does. */
  async function takeStep(inquiry: string, step: Record<string, unknown>) {
    const [row] = await h.db.query<{
      doc: Record<string, unknown> & { data: Record<string, unknown> }
    }>(`select to_jsonb(i) - '_seq' - '_modified' as doc from public.inquiries i where id = $1`, [
      inquiry,
    ])
    const assumed = row!.doc
    const doc = {
      ...assumed,
      data: { ...assumed.data, steps: [...((assumed.data.steps as unknown[]) ?? []), step] },
    }
    const { data, error } = await office.rpc('sync_push', {
      collection: 'inquiries',
      rows: [{ newDocumentState: doc, assumedMasterState: assumed }],
    })
    expect(error).toBeNull()
    expect(data).toEqual({ conflicts: [], refused: [] })
  }

  const mail = (to: string, subject: string) => ({
    sender: 'admissions',
    to: [to],
    cc: ['admissions@demo.school'],
    subject,
    html: `<p>${subject}</p>`,
  })

  const sent = (subject: string) => smtp.messages.filter((m: ReceivedMail) => m.subject === subject)

  it('a meeting e-mail arrives with an invite, and the reschedule updates the same event', async () => {
    const inquiry = await newInquiry()
    const to = `neha.lobo${n}@family.test`
    await takeStep(inquiry, {
      id: `meet-${inquiry}-1`,
      kind: 'meeting',
      at: '2026-11-27T09:00:00Z',
      by: 'Meera Kamat',
      mail: mail(to, `Meeting ${inquiry}`),
      meeting: { date: '2026-12-03', start: '15:30', end: '17:00', contact: 'Meera' },
    })
    await takeStep(inquiry, {
      id: `meet-${inquiry}-2`,
      kind: 'meeting',
      at: '2026-11-27T09:30:00Z',
      by: 'Meera Kamat',
      mail: mail(to, `Meeting moved ${inquiry}`),
      meeting: { date: '2026-12-04', start: '16:00', end: '17:00', contact: 'Meera' },
    })
    expect((await dispatch()).body).toMatchObject({ sent: 2 })
    const [first] = sent(`Meeting ${inquiry}`)
    const [moved] = sent(`Meeting moved ${inquiry}`)
    expect(first!.headers.get('cc')).toContain('admissions@demo.school')
    const invite = (m: ReceivedMail) => {
      const file = m.attachments.find((a) => a.filename === 'invite.ics')!
      expect(file.contentType).toMatch(/^text\/calendar/)
      return unfold(file.content.toString('utf8'))
    }
    const a = invite(first!)
    const b = invite(moved!)
    const uid = `UID:meeting-${inquiry}@admissions`
    expect(a).toContain(uid)
    expect(b).toContain(uid)
    expect(a).toContain('SEQUENCE:0')
    expect(b).toContain('SEQUENCE:1')
    expect(a).toContain('DTSTART:20261203T100000Z')
    expect(a).toContain('DTEND:20261203T113000Z')
    expect(b).toContain('DTSTART:20261204T103000Z')
    expect(a).toMatch(new RegExp(`mailto:${to}`, 'i'))
  })

  it("the demo centre's curriculum is in storage for the office from the start", async () => {
    const { data, error } = await office.storage.from('documents').download('centre/curriculum.pdf')
    expect(error).toBeNull()
    const bytes = Buffer.from(await data!.arrayBuffer())
    expect(Buffer.compare(bytes, readFileSync(SEEDED))).toBe(0)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('a trial e-mail and the facilitators’ notice leave exactly once although the dispatcher is killed mid-send', async () => {
    const upload = await office.storage
      .from('documents')
      .upload('centre/curriculum.pdf', CURRICULUM, { contentType: 'application/pdf', upsert: true })
    expect(upload.error).toBeNull()
    const inquiry = await newInquiry()
    const to = `neha.lobo${n}@family.test`
    const step = `trial-${inquiry}`
    await takeStep(inquiry, {
      id: step,
      kind: 'trial',
      at: '2026-11-27T09:00:00Z',
      by: 'Meera Kamat',
      mail: mail(to, `Trial ${inquiry}`),
      trial: {
        child: 0,
        groupId: 'rg-jaul',
        groupName: 'Jaul',
        start: '2026-12-07',
        end: '2026-12-11',
      },
    })

    const hold = smtp.holdNext()
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, JSON.stringify(functionEnv(h, smtp.url))],
      { stdio: 'ignore' },
    )
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await hold.arrived
    child.kill('SIGKILL')
    await exited
    await hold.clientGone
    hold.release()

    const ids = [`step-${step}`, `step-${step}-facilitators`]
    // The lease of whatever the killed run claimed runs out; the next run sends what is left.
    await h.db.query(
      `update public.email_outbox set lease_until = now() - interval '1 second'
        where id = any($1) and status = 'sending'`,
      [ids],
    )
    await dispatch()
    expect((await dispatch()).body).toMatchObject({ claimed: 0 })
    for (const id of ids) expect((await outboxRow(h, id)).status).toBe('sent')

    const trial = sent(`Trial ${inquiry}`)
    expect(trial).toHaveLength(1)
    const pdf = trial[0]!.attachments.find((a) => a.filename === 'Curriculum.pdf')!
    expect(pdf.contentType).toMatch(/application\/pdf/)
    expect(Buffer.compare(pdf.content, CURRICULUM)).toBe(0)
    const notice = sent('Trial: Zara Lobo joins Jaul from 2026-12-07 to 2026-12-11')
    expect(notice).toHaveLength(1)
    expect(notice[0]!.to.length).toBeGreaterThan(0)
    expect(notice[0]!.html).toContain('<strong>Zara Lobo</strong>')
  })
})

// The `applications` function: a visitor's application becomes one inquiry in Initial Inquiry,
// with an acknowledgement and a notice in the outbox; bad input is refused per field and writes
// nothing; a retried submission makes nothing new; too many calls from one address wait.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { GUARDIAN_QUESTIONS, ONBOARDING_QUESTIONS } from '@sync/rules/admissions/questions.ts'
import { APPLICATION_MESSAGES } from '@sync/rules/admissions/application.ts'
import { child, facilitator, guardian, student } from './support/applications.ts'

interface Answer {
  status: number
  body: Record<string, unknown>
}

async function apply(client: SupabaseClient, body: unknown): Promise<Answer> {
  const { data, error } = await client.functions.invoke('applications', { body: body as object })
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response
    return { status: res.status, body: (await res.json()) as Answer['body'] }
  }
  if (error) throw error
  return { status: 200, body: data as Answer['body'] }
}

async function written(db: Db) {
  const [row] = await db.query<{ inquiries: number; emails: number }>(
    `select (select count(*)::int from public.inquiries) as inquiries,
            (select count(*)::int from public.email_outbox) as emails`,
  )
  return row!
}

describe.each(testDatabases())('applications on $name', (target) => {
  let host: TestHost
  let visitor: SupabaseClient

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    visitor = host.client()
  })
  afterAll(() => host?.stop())

  it('a single parent’s application becomes an inquiry with an acknowledgement and a notice', async () => {
    const answer = await apply(visitor, student('app-host-student-1'))
    expect(answer).toEqual({
      status: 200,
      body: { type: 'success', message: APPLICATION_MESSAGES.received, id: 'app-host-student-1' },
    })
    const [row] = await host.db.query<{
      status: string
      kind: string
      family_name: string
      data: {
        guardians: {
          email: string
          prefix: string
          whatsApp: string
          questions: { id: string; q: string; a: string }[]
        }[]
      }
    }>(
      "select status, kind, family_name, data from public.inquiries where id = 'app-host-student-1'",
    )
    expect(row).toMatchObject({ status: 'initialInquiry', kind: 'family', family_name: 'Almeida' })
    const stored = row!.data.guardians[0]!
    expect(stored).toMatchObject({
      email: 'sofia.almeida@example.com',
      prefix: '+91',
      whatsApp: '919822012345',
    })
    expect(stored.questions).toHaveLength(GUARDIAN_QUESTIONS.length)
    expect(stored.questions[0]).toEqual({
      id: 'g1',
      q: GUARDIAN_QUESTIONS[0]!.text,
      a: 'From a friend',
    })

    const mails = await host.db.query<{
      recipients: string[]
      subject: string
      email_type: string
      email_trigger: string
    }>(
      `select recipients, subject, email_type, email_trigger from public.email_outbox
        where email_trigger like 'applications.%' order by email_trigger`,
    )
    expect(mails[0]).toMatchObject({
      recipients: ['sofia.almeida@example.com'],
      email_type: 'Inquiry',
      email_trigger: 'applications.acknowledgement',
    })
    expect(mails[1]).toMatchObject({
      subject: 'New student application: Almeida',
      email_trigger: 'applications.notice',
    })
  })

  it('a retried submission answers as the first did and queues nothing again', async () => {
    const first = await apply(visitor, student('app-host-student-2'))
    const before = await written(host.db)
    const again = await apply(visitor, student('app-host-student-2'))
    // The same answer: nobody learns from it whether an id was taken before.
    expect(again).toEqual(first)
    expect(await written(host.db)).toEqual(before)
  })

  it('a facilitator’s application becomes a facilitator inquiry with both references', async () => {
    const answer = await apply(visitor, facilitator('app-host-facilitator-1'))
    expect(answer.body).toMatchObject({ type: 'success', id: 'app-host-facilitator-1' })
    const [row] = await host.db.query<{
      kind: string
      data: { applicant: { references: unknown[]; questions: unknown[] } }
    }>("select kind, data from public.inquiries where id = 'app-host-facilitator-1'")
    expect(row!.kind).toBe('facilitator')
    expect(row!.data.applicant.references).toHaveLength(2)
    expect(row!.data.applicant.questions).toHaveLength(9)
  })

  it.each([
    [
      'no marital status',
      student('app-bad-0001', { maritalStatus: 'Please select' }),
      'maritalStatus',
      'Choose the marital status of the parents.',
    ],
    ['no child', student('app-bad-0002', { children: [] }), 'children', 'Add at least one child.'],
    [
      'no guardian',
      student('app-bad-0003', { guardians: [] }),
      'guardians',
      'Add at least one parent or guardian.',
    ],
    [
      'a lone unmarried guardian who does not confirm',
      student('app-bad-0004', { soleGuardian: false }),
      'soleGuardian',
      "Add the child's other parent or guardian, or confirm that you are the child's only legal guardian.",
    ],
    [
      'a bad e-mail',
      student('app-bad-0005', { guardians: [guardian({ email: 'sofia@' })] }),
      'guardians.0.email',
      'Please enter a valid e-mail address.',
    ],
    [
      'a missing first name',
      student('app-bad-0006', { guardians: [guardian({ firstName: ' ' })] }),
      'guardians.0.firstName',
      'First name is missing.',
    ],
    [
      'a future date of birth',
      student('app-bad-0007', { children: [{ ...child, dob: '2999-01-01' }] }),
      'children.0.dob',
      'Date of birth: please enter a date in the past.',
    ],
    ['a bad application id', student('x'), 'id', 'The application id is not valid.'],
  ])(
    'refuses %s with its field’s message and writes nothing',
    async (_name, body, field, message) => {
      const before = await written(host.db)
      const answer = await apply(visitor, body)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({
        type: 'error',
        message: 'Please correct the fields marked below.',
      })
      expect((answer.body.fields as Record<string, string>)[field]).toBe(message)
      expect(await written(host.db)).toEqual(before)
    },
  )

  it('refuses a facilitator application without exactly two references', async () => {
    const body = facilitator('app-bad-0008')
    body.application.references = body.application.references.slice(0, 1)
    const answer = await apply(visitor, body)
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields as object)).toContain('references')
  })

  it('onboarding answers join the inquiry once the address that applied confirms them', async () => {
    expect((await apply(visitor, student('app-onboard-family'))).status).toBe(200)
    const answers = (id: string, email: string) => ({
      kind: 'onboarding',
      application: {
        id,
        firstName: 'Sofia',
        lastName: 'Almeida',
        email,
        childNames: 'Tara',
        questions: { o1: 'Konkani and English', o7: 'Yes' },
      },
    })
    const stored = async () => {
      const [row] = await host.db.query<{
        data: { onboarding?: { id: string; questions: { id: string; a: string }[] } }
      }>("select data from public.inquiries where id = 'app-onboard-family'")
      return row!
    }
    const first = await apply(visitor, answers('onb-00000001', 'SOFIA.almeida@example.com'))
    expect(first).toEqual({
      status: 200,
      body: { type: 'success', message: APPLICATION_MESSAGES.confirmSent, id: 'onb-00000001' },
    })
    expect((await stored()).data.onboarding).toBeUndefined()
    // The link went to the address as the inquiry has it.
    const [mail] = await host.db.query<{
      recipients: string[]
      subject: string
      html_body: string
    }>(
      `select recipients, subject, html_body from public.email_outbox
        where email_trigger = 'applications.onboardingConfirm' order by created_at desc limit 1`,
    )
    expect(mail).toMatchObject({
      recipients: ['sofia.almeida@example.com'],
      subject: 'Confirm your answers for Banyan Tree Learning Centre',
    })
    const token = /apply-onboarding\?confirm=([0-9a-f]{48})/.exec(mail!.html_body)![1]!
    const confirmed = await apply(visitor, { kind: 'onboardingConfirm', token })
    expect(confirmed).toEqual({
      status: 200,
      body: {
        type: 'success',
        message: APPLICATION_MESSAGES.answersReceived,
        id: 'app-onboard-family',
      },
    })
    const after = await stored()
    expect(after.data.onboarding).toMatchObject({ id: 'onb-00000001', childNames: 'Tara' })
    expect(after.data.onboarding!.questions).toHaveLength(ONBOARDING_QUESTIONS.length)
    expect(after.data.onboarding!.questions[0]).toMatchObject({
      id: 'o1',
      a: 'Konkani and English',
    })
    // The link works once.
    expect(await apply(visitor, { kind: 'onboardingConfirm', token })).toEqual({
      status: 400,
      body: { type: 'error', message: APPLICATION_MESSAGES.linkInvalid },
    })

    // An address no application gave hears the same, and nothing is written or sent.
    const before = await written(host.db)
    const stranger = await apply(visitor, answers('onb-00000002', 'nobody@example.com'))
    expect(stranger.body).toEqual({ ...first.body, id: 'onb-00000002' })
    expect(await written(host.db)).toEqual(before)
    // Bad input: an unknown question is refused like any other field.
    const bad = await apply(visitor, { kind: 'onboarding', application: { id: 'onb-00000003' } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields as object)).toEqual(
      expect.arrayContaining(['firstName', 'email', 'childNames']),
    )
  })

  it('refuses an unknown form and a caller without the app’s key', async () => {
    expect(await apply(visitor, { kind: 'other', application: {} })).toMatchObject({
      status: 400,
      body: { message: 'Say which form this is: student, facilitator or onboarding.' },
    })
    const res = await fetch(`${host.url}/functions/v1/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(student('app-nokey-0001')),
    })
    expect(res.status).toBe(401)
  })
})

describe.each(testDatabases())('applications limits on $name', (target) => {
  let host: TestHost

  beforeAll(async () => {
    host = await startTestHost({ database: target, options: { rateLimitFactor: 1 } })
  })
  afterAll(() => host?.stop())

  it('makes a connection that sends too many applications wait, and stores nothing more', async () => {
    const visitor = host.client()
    for (let i = 0; i < 10; i++) {
      const answer = await apply(visitor, student(`app-limit-${String(i).padStart(4, '0')}`))
      expect(answer.status).toBe(200)
    }
    const before = await written(host.db)
    const over = await apply(visitor, student('app-limit-0010'))
    expect(over.status).toBe(429)
    expect(String(over.body.message)).toMatch(/^Too many applications from this connection/)
    expect(await written(host.db)).toEqual(before)
  })
})

// The `applications` edge function (decision G17): a visitor's student or facilitator
// application, `{ kind: 'student' | 'facilitator', application }`, or a warm-up
// `{ warmup: true }`. The application is checked with the same schema as the form; bad input
// answers 400 with `{ type: 'error', message, fields }` (one message per field, in the form's
// words) and writes nothing. A caller over the limit gets 429 and Retry-After. A good application
// becomes an inquiry in Initial Inquiry with an acknowledgement to the applicant and a notice to
// the office, both queued in the outbox, in one transaction. The application's id is made by the
// applicant's device: sending it again (a retry after a lost answer) finds the same inquiry and
// queues nothing new.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { FunctionEnv } from '../_shared/env.ts'
import { json, preflight } from '../_shared/http.ts'
import { BODY_PROBLEM_MESSAGES, clientAddress, readJsonBody } from '../_shared/input.ts'
import { adminKey, identify } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { limitFactor, waitFor, type Limit } from '../_shared/throttle.ts'
import {
  APPLICATION_MESSAGES,
  applicationSchemas,
  familyNameOf,
  fieldProblems,
  type FacilitatorApplication,
  type OnboardingApplication,
  type StudentApplication,
} from '@sync/rules/admissions/application.ts'
import { answersFor } from '@sync/rules/admissions/questions.ts'
import { whatsappOf } from '@sync/contract/commands/accounts/phone.ts'
import {
  facilitatorMails,
  onboardingConfirmMail,
  senderOf,
  studentMails,
  type Mails,
} from './mail.ts'

/**
 * How many applications one address (IP) may send: a family on a shared connection (a café, a
 * hostel) sends a few; retries of one application count too, and stay far below.
 */
export const APPLICATION_LIMITS: { ip: Limit; applicant: Limit } = {
  ip: { max: 20, seconds: 60 * 60 },
  applicant: { max: 10, seconds: 60 * 60 },
}

function siteOf(env: FunctionEnv): string | null {
  const site = env.SITE_URL?.trim().replace(/\/+$/, '')
  if (!site) return null
  try {
    return /^https?:$/.test(new URL(site).protocol) ? site : null
  } catch {
    return null
  }
}

/** A checked application, told apart by its form. */
type Checked =
  | { kind: 'student'; data: StudentApplication }
  | { kind: 'facilitator'; data: FacilitatorApplication }
  | { kind: 'onboarding'; data: OnboardingApplication }

/** Checks an application with its form's schema: the application, or the form's words per field. */
function check(
  kind: Checked['kind'],
  application: unknown,
): { ok: true; checked: Checked } | { ok: false; fields: Record<string, string> } {
  switch (kind) {
    case 'student': {
      const r = applicationSchemas.student.safeParse(application)
      return r.success
        ? { ok: true, checked: { kind, data: r.data } }
        : { ok: false, fields: fieldProblems(r.error) }
    }
    case 'facilitator': {
      const r = applicationSchemas.facilitator.safeParse(application)
      return r.success
        ? { ok: true, checked: { kind, data: r.data } }
        : { ok: false, fields: fieldProblems(r.error) }
    }
    case 'onboarding': {
      const r = applicationSchemas.onboarding.safeParse(application)
      return r.success
        ? { ok: true, checked: { kind, data: r.data } }
        : { ok: false, fields: fieldProblems(r.error) }
    }
  }
}

/** The address an application's answers go to, and that its limit is counted by. */
function applicantEmail(checked: Checked): string {
  return checked.kind === 'student' ? checked.data.guardians[0]!.email : checked.data.email
}

/** 429 with the seconds to wait, in the forms' words. */
function tooMany(seconds: number): Response {
  const res = json({ type: 'error', message: APPLICATION_MESSAGES.tooMany(seconds) }, 429)
  res.headers.set('Retry-After', String(seconds))
  return res
}

interface Inquiry {
  id: string
  kind: 'family' | 'facilitator'
  family_name: string
  data: Record<string, unknown>
}

function studentInquiry(a: StudentApplication): Inquiry {
  return {
    id: a.id,
    kind: 'family',
    family_name: familyNameOf(a),
    data: {
      maritalStatus: a.maritalStatus,
      soleGuardian: a.soleGuardian,
      children: a.children,
      guardians: a.guardians.map(({ questions, ...g }) => ({
        ...g,
        whatsApp: whatsappOf(g.prefix, g.mobile),
        questions: answersFor('guardian', questions),
      })),
    },
  }
}

function facilitatorInquiry(a: FacilitatorApplication): Inquiry {
  const { id, questions, ...applicant } = a
  return {
    id,
    kind: 'facilitator',
    family_name: a.lastName,
    data: {
      applicant: {
        ...applicant,
        whatsApp: whatsappOf(a.prefix, a.mobile),
        questions: answersFor('facilitator', questions),
      },
    },
  }
}

/** A link's secret: 24 random bytes as hex; only its SHA-256 is stored. */
async function newConfirmToken(): Promise<{ token: string; hash: string }> {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  const token = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return { token, hash: await sha256Hex(token) }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Onboarding answers wait for the family to confirm them from a link sent to the address that
 * applied (who picks a child up is a safety matter). The caller hears the same whether or not the
 * address applied, so the form tells nobody which families have.
 */
async function onboarding(
  admin: SupabaseClient,
  a: OnboardingApplication,
  sender: string,
  site: string,
): Promise<Response> {
  const { questions, ...rest } = a
  const { token, hash } = await newConfirmToken()
  const { error } = await admin.rpc('applications_onboarding_request', {
    answers: { ...rest, questions: answersFor('onboarding', questions) },
    token_hash: hash,
    mail: onboardingConfirmMail(sender, site, a.firstName, token),
  })
  if (error) throw new Error(`applications_onboarding_request: ${error.message}`)
  return json({ type: 'success', message: APPLICATION_MESSAGES.confirmSent, id: a.id })
}

/** The family opened the e-mailed link: its answers join the inquiry, once. */
async function confirmOnboarding(admin: SupabaseClient, token: unknown): Promise<Response> {
  if (typeof token !== 'string' || !/^[0-9a-f]{48}$/.test(token))
    return json({ type: 'error', message: APPLICATION_MESSAGES.linkInvalid }, 400)
  const { data, error } = await admin.rpc('applications_onboarding_confirm', {
    token_hash: await sha256Hex(token),
  })
  if (error) throw new Error(`applications_onboarding_confirm: ${error.message}`)
  const made = data as { found: boolean; id?: string }
  if (!made.found) return json({ type: 'error', message: APPLICATION_MESSAGES.linkInvalid }, 400)
  return json({ type: 'success', message: APPLICATION_MESSAGES.answersReceived, id: made.id! })
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const admin = createClient(env.SUPABASE_URL, adminKey(env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  /** What broke is logged for the admin; the caller hears that the application is kept. */
  const failed = async (error: unknown, kind = 'onboardingConfirm'): Promise<Response> => {
    console.error('applications:', error)
    await logSystemEvent(
      admin,
      'error',
      'applications',
      `An application could not be stored: ${(error as Error)?.message ?? String(error)}`,
      { kind },
    )
    return json({ type: 'error', message: APPLICATION_MESSAGES.unexpected }, 500)
  }
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST') return json({ type: 'error', message: 'Use POST.' }, 405)
    if (identify(env, req).kind === 'unknown') {
      return json({ type: 'error', message: 'This call needs the app’s API key.' }, 401)
    }
    // The body is read first, and no further than its limit; then every call from an address
    // counts, bad input too.
    const read = await readJsonBody(req)
    if (!read.ok && read.problem === 'tooLarge')
      return json({ type: 'error', message: BODY_PROBLEM_MESSAGES.tooLarge }, 413)
    const byAddress = await waitFor(
      admin,
      [{ bucket: 'applications:ip', key: clientAddress(req), limit: APPLICATION_LIMITS.ip }],
      limitFactor(env.RATE_LIMIT_FACTOR),
    )
    if (byAddress > 0) return tooMany(byAddress)
    const body = read.ok ? read.body : null
    if (!read.ok && read.problem !== 'notJson')
      return json({ type: 'error', message: BODY_PROBLEM_MESSAGES[read.problem] }, read.status)
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return json({ type: 'error', message: 'The request must be a JSON object.' }, 400)
    }
    const { kind, application, warmup, token } = body as Record<string, unknown>
    if (kind === undefined && warmup === true) return json({ type: 'success', message: 'ready' })
    if (kind === 'onboardingConfirm') {
      try {
        return await confirmOnboarding(admin, token)
      } catch (error) {
        return await failed(error)
      }
    }
    if (kind !== 'student' && kind !== 'facilitator' && kind !== 'onboarding') {
      return json(
        { type: 'error', message: 'Say which form this is: student, facilitator or onboarding.' },
        400,
      )
    }
    const result = check(kind, application)
    if (!result.ok) {
      return json(
        { type: 'error', message: APPLICATION_MESSAGES.invalid, fields: result.fields },
        400,
      )
    }
    const { checked } = result
    const site = siteOf(env)
    try {
      if (!site) throw new Error('SITE_URL is not set to the app’s address (http or https)')
      const wait = await waitFor(
        admin,
        [
          {
            bucket: 'applications:applicant',
            key: applicantEmail(checked),
            limit: APPLICATION_LIMITS.applicant,
          },
        ],
        limitFactor(env.RATE_LIMIT_FACTOR),
      )
      if (wait > 0) return tooMany(wait)
      const sender = senderOf(env, site)
      if (checked.kind === 'onboarding') return await onboarding(admin, checked.data, sender, site)
      let inquiry: Inquiry
      let mails: Mails
      if (checked.kind === 'student') {
        const a = checked.data
        inquiry = studentInquiry(a)
        mails = studentMails(sender, site, a.guardians[0]!, inquiry.family_name, a.children)
      } else {
        const a = checked.data
        inquiry = facilitatorInquiry(a)
        mails = facilitatorMails(sender, site, a)
      }
      const { data, error } = await admin.rpc('applications_submit', { inquiry, mails })
      if (error) throw new Error(`applications_submit: ${error.message}`)
      // A retry of an application already stored answers as the first time did, and so does an
      // application that names another's id: nobody learns which ids exist.
      const made = data as { id: string }
      return json({ type: 'success', message: APPLICATION_MESSAGES.received, id: made.id })
    } catch (error) {
      return await failed(error, kind)
    }
  }
}

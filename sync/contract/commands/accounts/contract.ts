// The account calls of core.md §7: what the browser sends to the `accounts` edge function and
// what it answers. One definition for both sides: the function validates every request with these
// schemas, and the screens are typed by them. zod/mini keeps the sign-in page small.
import * as z from 'zod/mini'
import { isValidEmail } from './email.ts'
import { isKnownPrefix } from './countries.ts'
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from './password.ts'
import { phoneDigits, phoneFieldProblem } from './phone.ts'

// Only wrong types are worded here; returning nothing leaves other problems to their own checks.
const needed = (label: string) => (issue: { code?: string; input: unknown }) => {
  if (issue.code !== 'invalid_type') return undefined
  return issue.input === undefined || issue.input === null
    ? `${label} is missing.`
    : `${label} must be text.`
}

const text = (label: string, max = 200) =>
  z
    .string({ error: needed(label) })
    .check(
      z.trim(),
      z.minLength(1, `${label} is missing.`),
      z.maxLength(max, `${label} is too long.`),
    )

const email = z
  .string({ error: needed('E-mail') })
  .check(z.trim(), z.toLowerCase(), z.refine(isValidEmail, 'Please enter a valid e-mail address.'))

const password = z.string({ error: needed('Password') }).check(
  z.refine((value) => passwordProblems(value, DEFAULT_PASSWORD_POLICY).length === 0, {
    error: (issue) => passwordProblems(String(issue.input), DEFAULT_PASSWORD_POLICY).join(' '),
  }),
)

/** A phone number as digits: 6 to 15 of them (a national number, or with the country code). */
const digits = (label: string) =>
  z.string({ error: needed(label) }).check(
    z.overwrite((value) => phoneDigits(value)),
    z.regex(/^\d{6,15}$/, `${label} must be a phone number.`),
  )

const optionalText = (label: string, max: number) =>
  z.optional(
    z.nullable(
      z.string({ error: needed(label) }).check(z.trim(), z.maxLength(max, `${label} is too long.`)),
    ),
  )

/** 'emailpw' is an e-mail and password account; anything else links the caller's Google account. */
const authType = text('Sign-in type', 20)

const prefix = z
  .string({ error: needed('Country code') })
  .check(z.trim(), z.refine(isKnownPrefix, 'Please choose a country code from the list.'))

/**
 * Every call takes exactly its fields: a field it does not know (a password sent to a call that
 * must never set one, a record id from an older app) is refused, not ignored.
 */
const call = <T extends Parameters<typeof z.strictObject>[0]>(shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `This call does not take ${(issue as { keys?: string[] }).keys?.join(', ') ?? 'that field'}.`
        : issue.code === 'invalid_type'
          ? 'The request must be a JSON object.'
          : undefined,
  })

/**
 * A country code and a number are held to the one rule of every phone field of the app (E03-E09),
 * so the function refuses what the forms refuse, in the same words.
 */
const phoneRule = z.superRefine((value: { prefix: string; whatsApp: string }, ctx) => {
  const problem = phoneFieldProblem(value.prefix, value.whatsApp)
  if (problem)
    ctx.addIssue({ code: 'custom', message: problem, input: value.whatsApp, path: ['whatsApp'] })
})

export const MEMBER_TYPES = ['guardian', 'student'] as const
export type MemberType = (typeof MEMBER_TYPES)[number]

/**
 * Registrations never carry a password: whoever asks for an account only asks for the e-mail;
 * the person who opens the e-mailed link chooses the password there (or proves the address with
 * Google). Lookups answer only what the person needs to go on.
 */
export const requests = {
  initSignin: call({ email }),
  registerFacilitator: call({
    appVersion: z._default(z.string().check(z.maxLength(40, 'App version is too long.')), '1.0.0'),
    email,
    name: text('Name'),
    whatsapp: digits('WhatsApp number'),
    authType: z._default(authType, 'emailpw'),
  }),
  initConnectAccount: call({ whatsApp: digits('WhatsApp number'), prefix }).check(phoneRule),
  registerMember: call({ whatsApp: digits('WhatsApp number'), prefix, authType }).check(phoneRule),
  requestResetPassword: call({ email }),
  resetPassword: call({
    password,
    oobCode: text('Reset code', 200),
  }),
  logUnregisterdSignin: call({
    email,
    name: optionalText('Name', 200),
    photoURL: optionalText('Photo address', 2000),
  }),
  /** C12: a new confirmation link for an account whose e-mail is not confirmed yet. */
  resendConfirmation: call({ email, password: z.string({ error: needed('Password') }) }),
}

export type AccountsAction = keyof typeof requests
export type AccountsRequest<A extends AccountsAction> = z.input<(typeof requests)[A]>
export type AccountsPayload<A extends AccountsAction> = z.output<(typeof requests)[A]>

export const ACCOUNTS_ACTIONS = Object.keys(requests) as AccountsAction[]

export type SigninMode = 'signin' | 'facilitator_signup' | 'facilitator_signup_password'

export interface ErrorAnswer {
  type: 'error'
  message: string
}

/** What connect-account shows before the link is sent: where it will go, masked. */
export interface ConnectData {
  maskedEmail: string
}

type Ok<T> = { type: 'success'; message: string } & T

/** What each call answers when it succeeds; every call may also answer an ErrorAnswer. */
export interface AccountsAnswers {
  /** The mode only: whether a facilitator record waits for this address is all it tells. */
  initSignin: Ok<{ mode: SigninMode }>
  /**
   * `confirmation: 'email'`: a link was sent; opening it confirms the address and asks for the
   * password. `'none'`: the account is ready (Google) or already existed.
   */
  registerFacilitator: Ok<{ confirmation: 'email' | 'none' }>
  initConnectAccount: Ok<{ data: ConnectData }>
  registerMember: Ok<{ confirmation: 'email' | 'none' }>
  requestResetPassword: Ok<object>
  resetPassword: Ok<{ email: string }>
  logUnregisterdSignin: Ok<object>
  resendConfirmation: Ok<object>
}

export type AccountsAnswer<A extends AccountsAction> = AccountsAnswers[A] | ErrorAnswer

/** The first problem of a request, as one sentence for the person (or the caller's log). */
export function firstProblem(error: {
  issues: readonly { message: string; path: readonly PropertyKey[] }[]
}): string {
  return error.issues[0]?.message ?? 'The request is not valid.'
}

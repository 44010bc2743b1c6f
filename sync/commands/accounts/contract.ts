// The account calls of core.md §7: what the browser sends to the `accounts` edge function and
// what it answers. One definition for both sides: the function validates every request with these
// schemas, and the screens are typed by them. zod/mini keeps the sign-in page small.
import * as z from 'zod/mini'
import { isValidEmail } from './email.ts'
import { isKnownPrefix } from './countries.ts'
import { DEFAULT_PASSWORD_POLICY, passwordProblems } from './password.ts'
import { phoneDigits } from './phone.ts'

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

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, 'Too long.'))))

export const MEMBER_TYPES = ['guardian', 'student'] as const
export type MemberType = (typeof MEMBER_TYPES)[number]

export const requests = {
  initSignin: z.object({ email }),
  registerFacilitator: z.object({
    appVersion: z._default(z.string().check(z.maxLength(40)), '1.0.0'),
    email,
    /** Absent when the facilitator signs up with Google (the caller's token proves the e-mail). */
    password: z.optional(password),
    name: text('Name'),
    whatsapp: digits('WhatsApp number'),
    facilitatorUUID: text('Facilitator', 64),
    facilitatorAuthOld: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  }),
  initConnectAccount: z.object({
    whatsApp: digits('WhatsApp number'),
    prefix: z
      .string({ error: needed('Country code') })
      .check(z.trim(), z.refine(isKnownPrefix, 'Please choose a country code from the list.')),
  }),
  registerMember: z.object({
    familyToken: text('Family', 100),
    email,
    password: z.optional(password),
    /** 'emailpw' creates a password account; anything else links the caller's Google account. */
    authType: text('Sign-in type', 20),
    whatsApp: digits('WhatsApp number'),
    prefix: z
      .string({ error: needed('Country code') })
      .check(z.trim(), z.refine(isKnownPrefix, 'Please choose a country code from the list.')),
    memberType: z.enum(MEMBER_TYPES, { error: 'Member type must be guardian or student.' }),
    docRef: text('Record', 100),
  }),
  requestResetPassword: z.object({ email }),
  resetPassword: z.object({
    password,
    oobCode: text('Reset code', 200),
  }),
  logUnregisterdSignin: z.object({
    email,
    name: optionalText(200),
    photoURL: optionalText(2000),
  }),
  /** C12: a new confirmation link for an account whose e-mail is not confirmed yet. */
  resendConfirmation: z.object({ email, password: z.string({ error: needed('Password') }) }),
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

export interface ConnectData {
  email: string
  familyToken: string
  whatsApp: string
  prefix: string
  memberType: MemberType
  docRef: string
  name: string
}

type Ok<T> = { type: 'success'; message: string } & T

/** What each call answers when it succeeds; every call may also answer an ErrorAnswer. */
export interface AccountsAnswers {
  initSignin: Ok<{
    mode: SigninMode
    facilitatorUUID: string | null
    facilitatorAuthOld: string | null
    facilitatorName: string | null
  }>
  /** `confirmation: 'email'`: a link was sent to confirm the address before the first sign-in. */
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

// What an application form sends (core.md §3, G07–G10, decision G17): one definition for the
// public forms and the `applications` edge function, which checks every submission with these
// schemas and answers each field's problem in the same words the form shows. zod/mini keeps the
// public pages light.
import * as z from 'zod/mini'
import { isValidEmail } from '../../contract/commands/accounts/email.ts'
import { isKnownPrefix } from '../../contract/commands/accounts/countries.ts'
import { nationalNumber, phoneFieldProblem } from '../../contract/commands/accounts/phone.ts'
import { GENDERS, MARITAL_STATUSES } from '../families/profile.ts'
import { DATE_PATTERN } from '../../contract/constants.ts'
import {
  FACILITATOR_QUESTIONS,
  GUARDIAN_QUESTIONS,
  ONBOARDING_QUESTIONS,
  type Question,
} from './questions.ts'
import { submitBlocks, SUBMIT_BLOCK_TEXT } from './gating.ts'

const typed = (label: string) => (issue: { code?: string; input: unknown }) => {
  if (issue.code !== 'invalid_type') return undefined
  return issue.input === undefined || issue.input === null
    ? `${label} is missing.`
    : `${label} must be text.`
}

const required = (label: string, max = 200) =>
  z
    .string({ error: typed(label) })
    .check(
      z.trim(),
      z.minLength(1, `${label} is missing.`),
      z.maxLength(max, `${label} is too long.`),
    )

const optional = (label: string, max = 200) =>
  z._default(
    z.string({ error: typed(label) }).check(z.trim(), z.maxLength(max, `${label} is too long.`)),
    '',
  )

const email = z
  .string({ error: typed('E-mail') })
  .check(z.trim(), z.toLowerCase(), z.refine(isValidEmail, 'Please enter a valid e-mail address.'))

const mobile = z
  .string({ error: typed('Mobile') })
  .check(z.trim(), z.maxLength(40, 'Mobile is too long.'))

/**
 * The one phone rule of every form (E03-E09): the number fits its country code, spaces allowed;
 * it is kept as the national number's digits.
 */
const phoneChecks = <T extends { prefix: string; mobile: string }>() => [
  z.superRefine<T>((value, ctx) => {
    const problem = phoneFieldProblem(value.prefix, value.mobile)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['mobile'], input: value })
  }),
  z.overwrite<T>((value) => ({ ...value, mobile: nationalNumber(value.prefix, value.mobile) })),
]

/** H15: a guardian without a chosen prefix has India's (+91). */
const prefix = z._default(
  z
    .string({ error: typed('Country code') })
    .check(z.trim(), z.refine(isKnownPrefix, 'Please choose a country code from the list.')),
  '+91',
)

function isPastDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    value >= '1900-01-01' &&
    date.getTime() <= Date.now()
  )
}

const dob = (label: string) =>
  z
    .string({ error: typed(label) })
    .check(z.trim(), z.refine(isPastDate, `${label}: please enter a date in the past.`))

const gender = z.enum(GENDERS, { error: 'Please choose a gender.' })

/** Answers keyed by question id; each answer at most 2000 characters. */
function answers(questions: readonly Question[]) {
  return z.object(
    Object.fromEntries(questions.map((question) => [question.id, optional(question.text, 2000)])),
  )
}

export const previousSchoolSchema = z.object({
  school: required('School', 200),
  grade: optional('Grade', 50),
  years: optional('Years', 50),
})

/** G08: a child entered in the child sub-form. */
export const applicationChildSchema = z.object({
  firstName: required('First name', 100),
  middleName: optional('Middle name', 100),
  lastName: required('Last name', 100),
  dob: dob('Date of birth'),
  gender,
  nationality: required('Nationality', 100),
  previousSchools: z._default(
    z.array(previousSchoolSchema).check(z.maxLength(10, 'At most 10 previous schools.')),
    [],
  ),
})
export type ApplicationChild = z.infer<typeof applicationChildSchema>

/** G09: a parent or guardian, with the 12 guardian questions. */
export const applicationGuardianSchema = z
  .object({
    about: optional('About you', 2000),
    firstName: required('First name', 100),
    middleName: optional('Middle name', 100),
    lastName: required('Last name', 100),
    dob: dob('Date of birth'),
    occupation: optional('Occupation', 200),
    jobDescription: optional('Job description', 1000),
    workPlace: optional('Work place', 200),
    prefix,
    mobile,
    email,
    address: optional('Address', 500),
    nationality: required('Nationality', 100),
    gender,
    questions: z._default(answers(GUARDIAN_QUESTIONS), {}),
  })
  .check(...phoneChecks<{ prefix: string; mobile: string }>())
export type ApplicationGuardian = z.infer<typeof applicationGuardianSchema>

/** A client-made id: a retried submission of the same application makes one inquiry. */
const applicationId = z
  .string({ error: typed('Application id') })
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'The application id is not valid.'))

/** G07: a student application: children, guardians, marital status (and, on receipt, its date). */
export const studentApplicationSchema = z
  .object({
    id: applicationId,
    maritalStatus: z.enum(MARITAL_STATUSES, {
      error: SUBMIT_BLOCK_TEXT['marital-status'] + '.',
    }),
    soleGuardian: z._default(z.boolean(), false),
    children: z
      .array(applicationChildSchema)
      .check(
        z.minLength(1, SUBMIT_BLOCK_TEXT['no-child'] + '.'),
        z.maxLength(10, 'At most 10 children.'),
      ),
    guardians: z
      .array(applicationGuardianSchema)
      .check(
        z.minLength(1, SUBMIT_BLOCK_TEXT['no-guardian'] + '.'),
        z.maxLength(4, 'At most 4 parents or guardians.'),
      ),
  })
  .check(
    z.refine((a) => !submitBlocks(a).includes('sole-guardian'), {
      message: SUBMIT_BLOCK_TEXT['sole-guardian'] + '.',
      path: ['soleGuardian'],
    }),
  )
export type StudentApplication = z.infer<typeof studentApplicationSchema>

const reference = z.object({
  name: required('Reference name', 200),
  email,
  relationship: required('Relationship', 200),
})

/** G10: a facilitator applicant, with exactly two references and the 9 facilitator questions. */
export const facilitatorApplicationSchema = z
  .object({
    id: applicationId,
    firstName: required('First name', 100),
    middleName: optional('Middle name', 100),
    lastName: required('Last name', 100),
    dob: dob('Date of birth'),
    email,
    prefix,
    mobile,
    gender,
    nationality: required('Nationality', 100),
    workplace: optional('Current workplace', 200),
    yearsOfExperience: z
      .number({ error: 'Years of experience must be a number.' })
      .check(
        z.int('Years of experience must be a whole number.'),
        z.minimum(0),
        z.maximum(60, 'Years of experience: at most 60.'),
      ),
    facilitatingSubjects: required('Subjects you would facilitate', 500),
    statementOfInterest: required('Statement of interest', 5000),
    references: z.tuple([reference, reference], { error: 'Please give exactly two references.' }),
    questions: z._default(answers(FACILITATOR_QUESTIONS), {}),
  })
  .check(...phoneChecks<{ prefix: string; mobile: string }>())
export type FacilitatorApplication = z.infer<typeof facilitatorApplicationSchema>

/**
 * G03, G04: the third form, /apply-onboarding. A family that has applied answers the onboarding
 * questionnaire before the first day; the answers join their inquiry, found by the e-mail address
 * a parent gave in the application.
 */
export const onboardingApplicationSchema = z.object({
  id: applicationId,
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email,
  childNames: required('Your children’s names', 300),
  questions: z._default(answers(ONBOARDING_QUESTIONS), {}),
})
export type OnboardingApplication = z.infer<typeof onboardingApplicationSchema>

export const APPLICATION_KINDS = ['student', 'facilitator', 'onboarding'] as const
export type ApplicationKind = (typeof APPLICATION_KINDS)[number]

export const applicationSchemas = {
  student: studentApplicationSchema,
  facilitator: facilitatorApplicationSchema,
  onboarding: onboardingApplicationSchema,
} as const

/** One problem per field, keyed by its path ('guardians.0.email'), in the form's words. */
export function fieldProblems(error: {
  issues: readonly { message: string; path: readonly PropertyKey[] }[]
}): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'application'
    problems[key] ??= issue.message
  }
  return problems
}

/** The answer of the `applications` function. */
export type ApplicationAnswer =
  | { type: 'success'; message: string; id: string }
  | { type: 'error'; message: string; fields?: Record<string, string> }

export const APPLICATION_MESSAGES = {
  received:
    'Thank you: your application has arrived. We have sent you an e-mail, and the office will be in touch.',
  invalid: 'Please correct the fields marked below.',
  tooMany: (seconds: number) =>
    `Too many applications from this connection. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
  answersReceived:
    'Thank you: your answers have reached the office. The facilitators will read them before the first day.',
  confirmSent:
    'Thank you. If this is the address you applied with, we have sent it a link: open it within three days to confirm your answers, and they will reach the office.',
  linkInvalid:
    'This link is invalid, has been used or has expired. Send your answers again to get a new one.',
  unexpected:
    'Something went wrong on our side. Your application is kept on this device: please try again later.',
}

/** The family name an inquiry is filed under: the guardians' last names, as given. */
export function familyNameOf(
  application: Pick<StudentApplication, 'guardians' | 'children'>,
): string {
  const names = [...application.guardians, ...application.children].map((p) => p.lastName.trim())
  return [...new Set(names.filter(Boolean))].slice(0, 2).join(' / ')
}

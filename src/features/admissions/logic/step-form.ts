// What a step dialog holds (the e-mail's fields and each step's own) and how each step's form is
// judged: by the schemas of sync/rules/admissions/steps.ts, so the errors are theirs, in words.
import * as z from 'zod/mini'
import {
  admissionFormSchema,
  admissionPaymentSchema,
  receivedSomething,
  isRealDate,
  meetingFormSchema,
  stepMailSchema,
  trialFormSchema,
  type AdmissionForm,
  type AdmissionPayment,
  type MeetingForm,
  type StepKind,
  type TrialForm,
} from '@sync/rules/admissions/steps'
import { centreDateOf } from '@/lib/time/calendar-date'

/** Addresses as typed: separated by commas, semicolons or spaces. */
export function addressList(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((a) => a.trim())
    .filter(Boolean)
}

/** An address list typed as text, judged by the step's rule for the list (stepMailSchema). */
const typedAddresses = (rule: z.ZodMiniType<string[]>) =>
  z.string().check(
    z.superRefine((value, ctx) => {
      const addresses = addressList(value)
      const result = rule.safeParse(addresses)
      if (result.success) return
      const issue = result.error.issues[0]
      const at = typeof issue?.path[0] === 'number' ? addresses[issue.path[0]] : undefined
      const message = issue?.message ?? 'Check the addresses'
      ctx.issues.push({ code: 'custom', message: at ? `${message}: ${at}` : message, input: value })
    }),
  )

export const mailFieldsSchema = z.object({
  sender: stepMailSchema.shape.sender,
  to: typedAddresses(stepMailSchema.shape.to),
  cc: typedAddresses(stepMailSchema.shape.cc),
})
export type MailFields = z.infer<typeof mailFieldsSchema>

const childSchema = z.int({ error: 'Choose a child' }).check(z.minimum(0, 'Choose a child'))
/** The admission payment's dialog: the child, what arrived, and not on a day still to come. */
const paymentFormSchema = z
  .object({
    child: childSchema,
    ...admissionPaymentSchema.shape,
  })
  .check(
    z.refine(receivedSomething, { message: 'Enter the amount received', path: ['admissionFee'] }),
    z.refine((v) => !isRealDate(v.paymentDate) || v.paymentDate <= centreDateOf(new Date()), {
      message: 'The payment cannot arrive after today',
      path: ['paymentDate'],
    }),
  )
const enrolmentFormSchema = z.object({
  child: childSchema,
  startDate: z.string().check(z.refine(isRealDate, 'Choose the first day at the centre')),
})

/** A fee field as a number input holds it: '' once cleared. */
type Fee = number | string
export type AdmissionInput = Omit<
  AdmissionForm,
  'monthlyFee' | 'admissionFee' | 'depositFee' | 'contributionFee' | 'admissionTermDescription'
> & {
  monthlyFee: Fee
  admissionFee: Fee
  depositFee: Fee
  contributionFee: Fee
  admissionTermDescription: string
}

/** The admission payment as its dialog holds it: amounts '' once cleared, the option unchosen. */
export type AdmissionPaymentInput = Omit<
  AdmissionPayment,
  'admissionFee' | 'depositFee' | 'paymentOption' | 'reference'
> & {
  child: number
  admissionFee: Fee
  depositFee: Fee
  paymentOption: AdmissionPayment['paymentOption'] | ''
  reference: string
}

/** Everything a step dialog holds: the e-mail's fields and each step's own. */
export interface StepFormValues {
  mail: MailFields
  meeting: MeetingForm
  trial: TrialForm
  admission: AdmissionInput
  admissionPayment: AdmissionPaymentInput
  enrolment: z.infer<typeof enrolmentFormSchema>
}

/** Each step's form, judged by the schemas of sync/rules/admissions/steps.ts (errors in their words). */
export const STEP_FORM_SCHEMAS = {
  meeting: z.object({ mail: mailFieldsSchema, meeting: meetingFormSchema }),
  trial: z.object({ mail: mailFieldsSchema, trial: trialFormSchema }),
  admission: z.object({ mail: mailFieldsSchema, admission: admissionFormSchema }),
  admissionPayment: z.object({ mail: mailFieldsSchema, admissionPayment: paymentFormSchema }),
  enrolment: z.object({ mail: mailFieldsSchema, enrolment: enrolmentFormSchema }),
} as const satisfies Record<StepKind, unknown>

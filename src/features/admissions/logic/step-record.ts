// The step record written on the device (stepSchema): built from the dialog's values and its
// e-mail, and refused in words when stepSchema would not take it.
import {
  admissionFormSchema,
  admissionPaymentSchema,
  familyTokenOf,
  meetingFormSchema,
  stepSchema,
  trialFormSchema,
  type AdmissionStep,
  type StepMail,
  type StepKind,
} from '@sync/rules/admissions/steps'
import type { InlineImage } from '@sync/rules/fees/payment-mail'
import { text } from './step-data'
import { addressList, type StepFormValues } from './step-form'

type Data = Record<string, unknown>

export interface StepMeta {
  /** A new id for the step (uuidv7). */
  id: string
  at: string
  by: string
  /** The student's id at enrolment. */
  studentId: string
}

/** The family record's id an admission uses: the one the inquiry has, else its own. */
export function familyTokenFor(data: Data, inquiryId: string): string {
  return text(data.familyToken) || familyTokenOf(inquiryId)
}

/** The step as the device writes it (stepSchema), from the dialog's values and its e-mail. */
export function buildStep(
  kind: StepKind,
  inquiryId: string,
  data: Data,
  values: StepFormValues,
  mail: { subject: string; html: string; images?: readonly InlineImage[] },
  meta: StepMeta,
): AdmissionStep {
  const base = {
    id: meta.id,
    at: meta.at,
    by: meta.by,
    mail: {
      sender: values.mail.sender,
      to: addressList(values.mail.to),
      cc: addressList(values.mail.cc),
      subject: mail.subject,
      html: mail.html,
      ...(mail.images?.length
        ? {
            // Checked against stepSchema with the rest of the step (checkedStep).
            images: mail.images.map(({ filename, content, contentType, cid }) => ({
              filename,
              content,
              contentType,
              cid,
            })) as StepMail['images'],
          }
        : {}),
    },
  }
  switch (kind) {
    case 'meeting':
      return { ...base, kind, meeting: meetingFormSchema.parse(values.meeting) }
    case 'trial':
      return { ...base, kind, trial: trialFormSchema.parse(values.trial) }
    case 'admission':
      return {
        ...base,
        kind,
        familyToken: familyTokenFor(data, inquiryId),
        admission: admissionFormSchema.parse(values.admission),
      }
    case 'admissionPayment': {
      const { child, reference, ...paid } = values.admissionPayment
      return {
        ...base,
        kind,
        child,
        payment: admissionPaymentSchema.parse({
          ...paid,
          ...(reference.trim() ? { reference } : {}),
        }),
      }
    }
    case 'enrolment':
      return {
        ...base,
        kind,
        child: values.enrolment.child,
        studentId: meta.studentId,
        startDate: values.enrolment.startDate,
      }
  }
}

/** The step if stepSchema takes it; otherwise an error that says what is wrong, in words. */
export function checkedStep(step: unknown): AdmissionStep {
  const result = stepSchema.safeParse(step)
  if (result.success) return result.data
  const problems = result.error.issues.map((i) =>
    i.path.length > 0 ? `${i.message} (${i.path.join('.')})` : i.message,
  )
  throw new Error(`The step was not saved: ${problems.join('; ')}`)
}

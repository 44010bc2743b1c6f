// The e-mail a step sends (operations.md §3, §4, §7): the centre's template for the step filled
// from the inquiry and the form, and what the preview lists as attached.
import { CURRICULUM, type StepKind } from '@sync/rules/admissions/steps'
import { paymentDetails, type InlineImage, type PaymentWays } from '@sync/rules/fees/payment-mail'
import { letterAmount } from '@sync/rules/text'
import {
  EDITABLE_TEMPLATES,
  fillTemplate,
  type TemplateText,
} from '@sync/rules/messaging/templates'
import { joinNames, letterDate } from './inquiry-view'
import { childrenOf, guardiansOf, nameOf, text } from './step-data'
import type { StepFormValues } from './step-form'

type Data = Record<string, unknown>

/** What the preview lists as attached: the meeting's invite (H22), the trial's curriculum (H30). */
export const STEP_ATTACHMENTS: Record<StepKind, readonly string[]> = {
  meeting: ['invite.ics (calendar invite)'],
  trial: [CURRICULUM.filename],
  admission: [],
  admissionPayment: ['A receipt (PDF) for each amount, numbered when the step syncs'],
  enrolment: [],
}

export interface MailContext {
  centreName: string
  senderName: string
  appLink: string
  /**
   * How the family can pay (the centre's UPI address, its bank account when known), for the
   * admission e-mail's "How to pay" part; `reference` names the family on the transfer.
   */
  payment?: { ways: PaymentWays; reference: string }
}

/** A step's e-mail: its subject and HTML, and the images the HTML shows (the UPI QR code). */
export interface StepMailText {
  subject: string
  html: string
  images: InlineImage[]
}

/** The child a step's form is about, or -1 for the meeting (all the children). */
export function stepChild(kind: StepKind, values: StepFormValues): number {
  return kind === 'meeting' ? -1 : values[kind].child
}

/** The template's values for a step: from the inquiry, the form and who sends it. */
export function stepTemplateValues(
  kind: StepKind,
  data: Data,
  values: StepFormValues,
  ctx: MailContext,
): Record<string, string> {
  const children = childrenOf(data)
  const child = children[stepChild(kind, values)]
  const base = {
    parentNames: joinNames(guardiansOf(data).map(nameOf)),
    studentName: nameOf(child),
    centreName: ctx.centreName,
    senderName: ctx.senderName,
    appLink: ctx.appLink,
  }
  switch (kind) {
    case 'meeting': {
      const m = values.meeting
      return {
        ...base,
        studentName: joinNames(children.map(nameOf)),
        meetingDate: letterDate(m.date),
        meetingStart: m.start,
        meetingEnd: m.end,
        meetingContact: m.contact.trim(),
      }
    }
    case 'trial':
      return {
        ...base,
        groupName: values.trial.groupName,
        trialStart: letterDate(values.trial.start),
        trialEnd: letterDate(values.trial.end),
      }
    case 'admission': {
      const a = values.admission
      return {
        ...base,
        groupName: a.groupName,
        admissionTerm: a.admissionTerm,
        admissionFee: letterAmount(a.admissionFee),
        depositFee: letterAmount(a.depositFee),
        monthlyFee: letterAmount(a.monthlyFee),
      }
    }
    case 'admissionPayment':
      return {
        ...base,
        groupName: text(child?.groupName),
        admissionFee: letterAmount(values.admissionPayment.admissionFee),
        depositFee: letterAmount(values.admissionPayment.depositFee),
      }
    case 'enrolment':
      return {
        ...base,
        groupName: text(child?.groupName),
        startDate: letterDate(values.enrolment.startDate),
      }
  }
}

/**
 * The step's e-mail as it will go out: the centre's template for the step (the app's default
 * without one) filled in. A value the inquiry lacks (a guardian without a name) is an error that
 * names it, so nothing goes out with '{{…}}' in it. The admission e-mail ends with how to pay the
 * admission fee and the deposit: the UPI link and its QR code for their sum, the bank details.
 */
export function composeStepMail(
  kind: StepKind,
  data: Data,
  values: StepFormValues,
  ctx: MailContext,
  template: TemplateText = EDITABLE_TEMPLATES[kind],
): StepMailText {
  const filled = fillTemplate(template, stepTemplateValues(kind, data, values, ctx))
  if (kind !== 'admission' || !ctx.payment) return { ...filled, images: [] }
  const due = Number(values.admission.admissionFee) + Number(values.admission.depositFee)
  const pay = paymentDetails(due, ctx.payment.ways, ctx.payment.reference)
  return pay.html
    ? { ...filled, html: `${filled.html}\n${pay.html}`, images: pay.images }
    : { ...filled, images: [] }
}

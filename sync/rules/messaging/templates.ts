// The centre's e-mail templates (operations.md §9, O11, H29): the texts administration sends at
// each admissions step and with each receipt, with {{placeholders}} for the student, parents,
// dates, fees and the app link. These are the defaults a new centre starts with; the centre edits
// its own copies as data.
import { escapeHtml } from '../text.ts'

export const TEMPLATE_NAMES = [
  'meeting',
  'trial',
  'admission',
  'enrolment',
  'feeReceipt',
  'contributionReceipt',
] as const
export type TemplateName = (typeof TEMPLATE_NAMES)[number]

export interface EmailTemplate {
  name: TemplateName
  subject: string
  /** HTML with {{placeholder}} marks; every value filled in is escaped. */
  html: string
}

/** A placeholder is a name of letters and digits between double braces: {{studentName}}. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g

/** The placeholders a template uses, in order of first use. */
export function placeholdersOf(template: Pick<EmailTemplate, 'subject' | 'html'>): string[] {
  const names: string[] = []
  for (const text of [template.subject, template.html]) {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[1] as string
      if (!names.includes(name)) names.push(name)
    }
  }
  return names
}

export class MissingPlaceholderError extends Error {
  constructor(readonly missing: string[]) {
    super(`The e-mail needs a value for ${missing.join(', ')}`)
    this.name = 'MissingPlaceholderError'
  }
}

/**
 * The subject and HTML of a template with its placeholders filled. A value is escaped in the
 * HTML (a family name with '<' stays text) and kept as it is in the subject; a placeholder without
 * a value is an error that names it, so nothing goes out with '{{…}}' in it.
 */
export function fillTemplate(
  template: Pick<EmailTemplate, 'subject' | 'html'>,
  values: Readonly<Record<string, string | number | null | undefined>>,
): { subject: string; html: string } {
  const missing = placeholdersOf(template).filter((name) => {
    const value = values[name]
    return value === undefined || value === null || String(value).trim() === ''
  })
  if (missing.length > 0) throw new MissingPlaceholderError(missing)
  const fill = (text: string, escape: boolean) =>
    text.replace(PLACEHOLDER, (_, name: string) => {
      const value = String(values[name]).trim()
      return escape ? escapeHtml(value) : value.replace(/[\r\n]+/g, ' ')
    })
  return { subject: fill(template.subject, false), html: fill(template.html, true) }
}

const signature = '<p>Warm regards,<br>{{senderName}}<br>{{centreName}}</p>'

export const DEFAULT_TEMPLATES: Record<TemplateName, EmailTemplate> = {
  meeting: {
    name: 'meeting',
    subject: 'Meeting at {{centreName}} on {{meetingDate}}',
    html: [
      '<p>Dear {{parentNames}},</p>',
      '<p>Thank you for your interest in {{centreName}} for {{studentName}}. We would love to meet',
      'you on <strong>{{meetingDate}}</strong> from {{meetingStart}} to {{meetingEnd}} at the centre.',
      '{{meetingContact}} will welcome you.</p>',
      '<p>If the time does not suit you, reply to this e-mail and we will find another.</p>',
      signature,
    ].join('\n'),
  },
  trial: {
    name: 'trial',
    subject: 'Trial days for {{studentName}} at {{centreName}}',
    html: [
      '<p>Dear {{parentNames}},</p>',
      '<p>We are happy to welcome {{studentName}} for trial days in the {{groupName}} group from',
      '<strong>{{trialStart}}</strong> to <strong>{{trialEnd}}</strong>.</p>',
      '<p>The day runs from 9:30am to 3pm, with a snack break at 11am and lunch from 12:30 to',
      '1:30. Please send a water bottle, a snack, lunch and a change of clothes.</p>',
      '<p>Our curriculum is attached so you can see what the group is working on.</p>',
      signature,
    ].join('\n'),
  },
  admission: {
    name: 'admission',
    subject: 'Admission of {{studentName}} to {{centreName}}',
    html: [
      '<p>Dear {{parentNames}},</p>',
      '<p>We are delighted to offer {{studentName}} a place in the {{groupName}} group from',
      '{{admissionTerm}}.</p>',
      '<p>To confirm the place, please pay the admission fee of ₹{{admissionFee}} and the deposit of',
      '₹{{depositFee}}. The monthly fee is ₹{{monthlyFee}}.</p>',
      '<p>Each of you can now set up your own account: open {{appLink}}/connect-account and enter the',
      'WhatsApp number you gave us. We then e-mail you a link, for you alone, to choose your password',
      '(it works once, within an hour). In the app you complete your family profile and upload the',
      'documents we need.</p>',
      signature,
    ].join('\n'),
  },
  enrolment: {
    name: 'enrolment',
    subject: '{{studentName}} is enrolled at {{centreName}}',
    html: [
      '<p>Dear {{parentNames}},</p>',
      '<p>{{studentName}} is now enrolled in the {{groupName}} group, starting on {{startDate}}.',
      'Welcome to the centre!</p>',
      '<p>You can follow the week’s lessons, payments and feedback in the app: {{appLink}}.</p>',
      signature,
    ].join('\n'),
  },
  feeReceipt: {
    name: 'feeReceipt',
    subject: 'Receipt for {{studentName}}: {{feeType}} {{period}}',
    html: [
      '<p>Dear {{receivedFrom}},</p>',
      '<p>Thank you. We received ₹{{amount}} by {{paymentOption}} on {{paymentDate}} for',
      '{{studentName}}’s {{feeType}} ({{period}}).</p>',
      '<p>Paid this year: ₹{{yearTotal}}. Still due this year: ₹{{pending}}.</p>',
      '<p>Your payments are listed in the app: {{appLink}}.</p>',
      signature,
    ].join('\n'),
  },
  contributionReceipt: {
    name: 'contributionReceipt',
    subject: 'Receipt for your contribution to {{centreName}}',
    html: [
      '<p>Dear {{receivedFrom}},</p>',
      '<p>Thank you for the {{contributionType}} contribution of ₹{{amount}} from the {{familyName}}',
      'family, received by {{paymentOption}} on {{paymentDate}}.</p>',
      signature,
    ].join('\n'),
  },
}

/** What a person sees for each template in the e-mail dialog. */
export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  meeting: 'Meeting',
  trial: 'Trial',
  admission: 'Admission',
  enrolment: 'Enrolment',
  feeReceipt: 'Fee receipt',
  contributionReceipt: 'Contribution receipt',
}

/** Templates whose e-mail says a file is attached (the trial's curriculum, ops §9). */
export const TEMPLATE_ATTACHMENTS: Partial<Record<TemplateName, string>> = {
  trial: 'Attach the curriculum (PDF): the trial e-mail sends it to the family',
}

/** The name of each placeholder as a field label. */
export const PLACEHOLDER_LABELS: Record<string, string> = {
  centreName: 'Centre',
  senderName: 'Signed by',
  appLink: 'Link to the app',
  parentNames: 'Parents',
  studentName: 'Student',
  familyName: 'Family',
  meetingDate: 'Meeting date',
  meetingStart: 'Meeting starts',
  meetingEnd: 'Meeting ends',
  meetingContact: 'Who welcomes them',
  groupName: 'Group',
  trialStart: 'Trial starts',
  trialEnd: 'Trial ends',
  admissionTerm: 'Admission from',
  admissionFee: 'Admission fee (₹)',
  depositFee: 'Deposit (₹)',
  monthlyFee: 'Monthly fee (₹)',
  startDate: 'Start date',
  receivedFrom: 'Received from',
  amount: 'Amount (₹)',
  paymentOption: 'Paid by',
  paymentDate: 'Payment date',
  feeType: 'Fee',
  period: 'Period',
  yearTotal: 'Paid this year (₹)',
  pending: 'Still due this year (₹)',
  contributionType: 'Contribution',
}

/**
 * An e-mail begun from a record (an inquiry, a payment): who it goes to, the template values the
 * record knows, and the templates that suit it, the first one chosen.
 */
export interface EmailDraft {
  to: string[]
  values: Record<string, string>
  templates: readonly TemplateName[]
}

// The templates the office edits in Node Mailer (issue 16): the six above and the admission
// payment's e-mail, in the order the office meets them. The server keeps the centre's own
// version of any of them; without one, the default here is used.
export const EDITABLE_TEMPLATE_NAMES = [
  'meeting',
  'trial',
  'admission',
  'admissionPayment',
  'enrolment',
  'feeReceipt',
  'contributionReceipt',
] as const satisfies readonly (TemplateName | 'admissionPayment')[]
export type EditableTemplateName = (typeof EDITABLE_TEMPLATE_NAMES)[number]

/** A template's text: what the office edits and what is filled in. */
export interface TemplateText {
  subject: string
  html: string
}

/** The centre's own version of a template, as the server keeps it. */
export interface StoredTemplate extends TemplateText {
  name: string
}

/** The admission payment's e-mail (H37): the admission fee and the deposit are received. */
const ADMISSION_PAYMENT: TemplateText = {
  subject: 'Admission payment received for {{studentName}}',
  html: [
    '<p>Dear {{parentNames}},</p>',
    '<p>Thank you. We received the admission fee of ₹{{admissionFee}} and the deposit of',
    '₹{{depositFee}} for {{studentName}}. The place in the {{groupName}} group is confirmed.</p>',
    '<p>Your payments are listed in the app: {{appLink}}.</p>',
    signature,
  ].join('\n'),
}

export const EDITABLE_TEMPLATES: Record<EditableTemplateName, TemplateText> = {
  ...DEFAULT_TEMPLATES,
  admissionPayment: ADMISSION_PAYMENT,
}

export const EDITABLE_TEMPLATE_LABELS: Record<EditableTemplateName, string> = {
  ...TEMPLATE_LABELS,
  admissionPayment: 'Admission payment',
}

/** The values the app fills in every e-mail it writes: the centre, who signs, the app's link. */
const SIGNATURE_VALUES = ['centreName', 'senderName', 'appLink'] as const

/**
 * The placeholders a template may use: those of its default, which every screen sending it
 * fills, and the signature's. A receipt is written from the payment alone, so a placeholder the
 * payment does not know (a meeting date in a fee receipt) could never be filled.
 */
export function placeholdersFor(name: EditableTemplateName): string[] {
  const names = placeholdersOf(EDITABLE_TEMPLATES[name])
  for (const value of SIGNATURE_VALUES) if (!names.includes(value)) names.push(value)
  return names
}

const MAX_SUBJECT = 998
const MAX_MESSAGE = 60_000

const isPlaceholder = (name: string) => Object.hasOwn(PLACEHOLDER_LABELS, name)

/**
 * Double braces that do not make a placeholder ('{{ student name }}', '{{studentName}'), which
 * would go out as they are written. Closing braces alone are left: a style sheet has them.
 */
function strayBraces(text: string): string | null {
  const stray = /\{\{[^{}]{0,40}\}{0,2}/.exec(text.replace(PLACEHOLDER, ''))
  return stray ? stray[0] : null
}

function placeholderProblems(text: string, name: EditableTemplateName | undefined): string[] {
  const problems: string[] = []
  for (const used of placeholdersOf({ subject: text, html: '' })) {
    if (!isPlaceholder(used)) problems.push(`Unknown placeholder {{${used}}}`)
    else if (name && !placeholdersFor(name).includes(used))
      problems.push(
        `The ${EDITABLE_TEMPLATE_LABELS[name].toLowerCase()} e-mail cannot fill {{${used}}}`,
      )
  }
  const stray = strayBraces(text)
  if (stray) problems.push(`${stray} is not a placeholder: write one as {{studentName}}`)
  return problems
}

/** What is wrong with a template's subject, in the editor's words; [] when it can be saved. */
export function subjectProblems(subject: string, name?: EditableTemplateName): string[] {
  if (!subject.trim()) return ['Write a subject']
  const problems: string[] = []
  if (/[\r\n]/.test(subject)) problems.push('Keep the subject on one line')
  if (subject.length > MAX_SUBJECT) problems.push(`A subject has at most ${MAX_SUBJECT} characters`)
  return [...problems, ...placeholderProblems(subject, name)]
}

/** What is wrong with a template's message, in the editor's words; [] when it can be saved. */
export function messageProblems(html: string, name?: EditableTemplateName): string[] {
  if (!html.trim()) return ['Write the message']
  const problems: string[] = []
  if (html.length > MAX_MESSAGE) problems.push('A message has at most 60,000 characters')
  return [...problems, ...placeholderProblems(html, name)]
}

/**
 * Everything that keeps a template from being saved: an empty or multi-line subject, an empty
 * message, a placeholder the app does not know (or, given the template's name, cannot fill in
 * that e-mail). The server refuses the same subject and message rules.
 */
export function templateProblems(
  subject: string,
  html: string,
  name?: EditableTemplateName,
): string[] {
  return [...subjectProblems(subject, name), ...messageProblems(html, name)]
}

/**
 * The text to send for a template: the centre's version when it has one the app can fill, else
 * the default. A version written to the server some other way that names a placeholder this
 * e-mail cannot fill would stop every such e-mail, so the default is used instead.
 */
export function templateFor(
  name: EditableTemplateName,
  stored: readonly StoredTemplate[],
): TemplateText {
  const own = stored.find((t) => t.name === name)
  if (own && templateProblems(own.subject, own.html, name).length === 0)
    return { subject: own.subject, html: own.html }
  const fallback = EDITABLE_TEMPLATES[name]
  return { subject: fallback.subject, html: fallback.html }
}

/** Values that show each placeholder by its label in brackets ("[Student]"), for a preview. */
export function sampleValues(template: TemplateText): Record<string, string> {
  return Object.fromEntries(
    placeholdersOf(template).map((p) => [p, `[${isPlaceholder(p) ? PLACEHOLDER_LABELS[p] : p}]`]),
  )
}

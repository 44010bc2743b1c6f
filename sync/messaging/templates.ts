// The centre's e-mail templates (operations.md §9, O11, H29): the texts administration sends at
// each admissions step and with each receipt, with {{placeholders}} for the student, parents,
// dates, fees and the app link. These are the defaults a new centre starts with; the centre edits
// its own copies as data.

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

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
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
      '<p>Your family account is ready: open {{appLink}} to complete your family profile and upload',
      'the documents we need.</p>',
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

/** The mail log's type of an e-mail sent with each template (its Node Mailer filter). */
export const TEMPLATE_EMAIL_TYPES: Record<
  TemplateName,
  'Inquiry' | 'Admissions' | 'Payment Receipt' | 'Contribution Receipt'
> = {
  meeting: 'Inquiry',
  trial: 'Inquiry',
  admission: 'Admissions',
  enrolment: 'Admissions',
  feeReceipt: 'Payment Receipt',
  contributionReceipt: 'Contribution Receipt',
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

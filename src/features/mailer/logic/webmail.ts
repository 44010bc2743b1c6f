// The webmail dialog's rules (O01-O11): the sender it starts with, the address lists as typed,
// the message's HTML from what was written, and a template's fields and the e-mail it makes.
import {
  DEFAULT_TEMPLATES,
  fillTemplate,
  PLACEHOLDER_LABELS,
  placeholdersOf,
  TEMPLATE_EMAIL_TYPES,
  type TemplateName,
} from '@sync/messaging/templates'

export interface SenderAccount {
  key: string
  display_name: string
  address: string
  is_admissions_office: boolean
}

/** The signed-in member's own account (O07), else Team, else the first. */
export function defaultSender(
  senders: readonly SenderAccount[],
  mine: string | null,
): string | null {
  return (
    senders.find((s) => mine && s.key === mine)?.key ??
    senders.find((s) => s.key === 'team')?.key ??
    senders[0]?.key ??
    null
  )
}

/** The copy list the dialog starts with: the admissions office (O05). */
export function defaultCc(senders: readonly SenderAccount[]): string {
  return senders.find((s) => s.is_admissions_office)?.address ?? ''
}

/** The spec's e-mail pattern (operations.md §5). */
const EMAIL = /^[\w-]+(\.[\w-]+)*@([\w-]+\.)+[A-Za-z]{2,7}$/

/** Addresses typed with commas, semicolons or spaces between them. */
export function addressList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
}

export interface WebmailInput {
  sender: string | null
  to: string
  cc: string
  subject: string
  body: string
}

export function webmailProblems(input: WebmailInput): Partial<Record<keyof WebmailInput, string>> {
  const problems: Partial<Record<keyof WebmailInput, string>> = {}
  if (!input.sender) problems.sender = 'Choose a sender'
  const to = addressList(input.to)
  const badTo = to.find((a) => !EMAIL.test(a))
  if (to.length === 0) problems.to = 'Add at least one recipient'
  else if (badTo) problems.to = `${badTo} is not an e-mail address`
  const badCc = addressList(input.cc).find((a) => !EMAIL.test(a))
  if (badCc) problems.cc = `${badCc} is not an e-mail address`
  if (!input.subject.trim()) problems.subject = 'Write a subject'
  else if (input.subject.length > 998) problems.subject = 'A subject has at most 998 characters'
  if (!input.body.trim()) problems.body = 'Write the message'
  return problems
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** What was written as HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function bodyHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

/** The values the app fills in itself: nobody types the centre's name or the app's address. */
export const AUTOMATIC_VALUES = ['centreName', 'senderName', 'appLink'] as const

/** The fields a person fills for a template: its placeholders, less the automatic ones. */
export function templateFields(name: TemplateName): string[] {
  return placeholdersOf(DEFAULT_TEMPLATES[name]).filter(
    (p) => !(AUTOMATIC_VALUES as readonly string[]).includes(p),
  )
}

/** A field of a template left empty, in the dialog's words. */
export function templateProblems(
  name: TemplateName,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const field of templateFields(name)) {
    if (!values[field]?.trim())
      problems[field] = `Fill in ${(PLACEHOLDER_LABELS[field] ?? field).toLowerCase()}`
  }
  return problems
}

export interface Composed {
  subject: string
  html: string
  emailType: 'Webmail' | (typeof TEMPLATE_EMAIL_TYPES)[TemplateName]
  trigger: string
}

/**
 * The e-mail as it will go out (O01, O11): a template with its values filled, or the message as
 * written; typed for the mail log by its template, Webmail when written freely.
 */
export function composeEmail(
  input: Pick<WebmailInput, 'subject' | 'body'>,
  template: TemplateName | null,
  values: Readonly<Record<string, string>>,
  automatic: Readonly<Record<(typeof AUTOMATIC_VALUES)[number], string>>,
): Composed {
  if (!template)
    return {
      subject: input.subject.trim(),
      html: bodyHtml(input.body),
      emailType: 'Webmail',
      trigger: 'webmail',
    }
  const filled = fillTemplate(DEFAULT_TEMPLATES[template], { ...values, ...automatic })
  return { ...filled, emailType: TEMPLATE_EMAIL_TYPES[template], trigger: template }
}

// The webmail dialog's rules (O01-O11): the sender it starts with, the address lists as typed,
// the message's HTML from what was written, and a template's fields and the e-mail it makes.
import {
  fillTemplate,
  PLACEHOLDER_LABELS,
  placeholdersOf,
  type TemplateName,
  type TemplateText,
} from '@sync/rules/messaging/templates'
import { AUTOMATIC_VALUES, type WebmailInput } from '@sync/rules/messaging/webmail-form'
import { escapeHtml } from '@sync/rules/text'

export {
  addressList,
  AUTOMATIC_VALUES,
  webmailProblems,
  type WebmailInput,
} from '@sync/rules/messaging/webmail-form'

/** A template as the dialog sends it: its name (the mail log's type) and the text in use. */
export interface ChosenTemplate extends TemplateText {
  name: TemplateName
}

/**
 * The fields a person fills for a template: the placeholders of the version in use (the centre's
 * own, or the default), less the ones the app fills itself.
 */
export function templateFields(template: TemplateText): string[] {
  return placeholdersOf(template).filter(
    (p) => !(AUTOMATIC_VALUES as readonly string[]).includes(p),
  )
}

/** A field of the template in use left empty, in the dialog's words. */
export function templateProblems(
  template: TemplateText,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const problems: Record<string, string> = {}
  for (const field of templateFields(template)) {
    if (!values[field]?.trim())
      problems[field] = `Fill in ${(PLACEHOLDER_LABELS[field] ?? field).toLowerCase()}`
  }
  return problems
}

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

/** What was written as HTML: paragraphs at blank lines, line breaks kept, everything escaped. */
export function bodyHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

export interface Composed {
  subject: string
  html: string
  /** What is sent: the template's name, or 'webmail' when written freely. The server types it. */
  trigger: 'webmail' | TemplateName
}

/**
 * The e-mail as it will go out (O01, O11): the template in use with its values filled, or the
 * message as written; the server files it in the mail log by what it is (its trigger).
 */
export function composeEmail(
  input: Pick<WebmailInput, 'subject' | 'body'>,
  template: ChosenTemplate | null,
  values: Readonly<Record<string, string>>,
  automatic: Readonly<Record<(typeof AUTOMATIC_VALUES)[number], string>>,
): Composed {
  if (!template)
    return {
      subject: input.subject.trim(),
      html: bodyHtml(input.body),
      trigger: 'webmail',
    }
  const filled = fillTemplate(template, { ...values, ...automatic })
  return { ...filled, trigger: template.name }
}

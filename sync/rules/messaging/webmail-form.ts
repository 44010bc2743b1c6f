// The webmail dialog's form (O01-O11), as the dialog validates it: the sender, the address
// lists as typed, a subject and message or a template and its fields, each problem in the words
// the dialog shows. `webmailFormSchema` is the form's schema (a `useForm` of @mantine/form).
import * as z from 'zod/mini'
import {
  DEFAULT_TEMPLATES,
  PLACEHOLDER_LABELS,
  placeholdersOf,
  TEMPLATE_NAMES,
  type TemplateName,
} from './templates.ts'

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

/** The dialog's values: `template` is a template's name, or 'none' for a message written freely. */
export interface WebmailFormValues extends WebmailInput {
  template: string
  values: Record<string, string>
}

/** The template the form names, or null for a message written freely. */
export function chosenTemplate(name: string): TemplateName | null {
  return (TEMPLATE_NAMES as readonly string[]).includes(name) ? (name as TemplateName) : null
}

/**
 * The webmail form's schema: with a template, its fields are required (at `values.<name>`) and
 * the subject and message come from it; without, the subject and message are required.
 */
export const webmailFormSchema = z
  .object({
    sender: z.nullable(z.string()),
    to: z.string(),
    cc: z.string(),
    subject: z.string(),
    body: z.string(),
    template: z.string(),
    values: z.record(z.string(), z.string()),
  })
  .check(
    z.superRefine((form, ctx) => {
      const template = chosenTemplate(form.template)
      const problems = webmailProblems(
        template ? { ...form, subject: 'template', body: 'template' } : form,
      )
      for (const [path, message] of Object.entries(problems))
        ctx.issues.push({ code: 'custom', message, path: [path], input: form })
      if (!template) return
      for (const [field, message] of Object.entries(templateProblems(template, form.values)))
        ctx.issues.push({ code: 'custom', message, path: ['values', field], input: form })
    }),
  )

// The template editor's form (issue 16): a template's subject and message, each problem under
// its field in the editor's words. Nothing reaches the server while there is one.
import * as z from 'zod/mini'
import {
  EDITABLE_TEMPLATE_NAMES,
  messageProblems,
  subjectProblems,
} from '@sync/rules/messaging/templates'

export interface TemplateFormValues {
  name: (typeof EDITABLE_TEMPLATE_NAMES)[number]
  subject: string
  html: string
}

export const templateFormSchema = z
  .object({ name: z.enum(EDITABLE_TEMPLATE_NAMES), subject: z.string(), html: z.string() })
  .check(
    z.superRefine((form, ctx) => {
      const problems = {
        subject: subjectProblems(form.subject, form.name),
        html: messageProblems(form.html, form.name),
      }
      for (const [path, list] of Object.entries(problems))
        if (list.length > 0)
          ctx.issues.push({ code: 'custom', message: list.join('. '), path: [path], input: form })
    }),
  )

import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES } from '@sync/rules/messaging/templates'
import { templateFormSchema, type TemplateFormValues } from './template-form'

const problemsOf = (form: TemplateFormValues) => {
  const parsed = templateFormSchema.safeParse(form)
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the template editor’s form', () => {
  it('takes the default of every template as it is', () => {
    expect(problemsOf({ ...DEFAULT_TEMPLATES.trial })).toEqual({})
  })

  it('says under each field what keeps the template from being saved', () => {
    expect(
      problemsOf({
        name: 'feeReceipt',
        subject: 'Receipt {{meetingDate}} {{nonsense}}',
        html: ' ',
      }),
    ).toEqual({
      subject:
        'The fee receipt e-mail cannot fill {{meetingDate}}. Unknown placeholder {{nonsense}}',
      html: 'Write the message',
    })
    expect(
      problemsOf({ name: 'trial', subject: 'Trial\nweek', html: '<p>{{trialEnd}</p>' }),
    ).toEqual({
      subject: 'Keep the subject on one line',
      html: '{{trialEnd} is not a placeholder: write one as {{studentName}}',
    })
  })
})

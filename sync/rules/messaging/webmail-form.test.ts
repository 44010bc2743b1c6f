import { describe, expect, it } from 'vitest'
import { webmailFormSchema, type WebmailFormValues } from './webmail-form'

const base: WebmailFormValues = {
  sender: 'team',
  to: 'parent@example.com',
  cc: '',
  subject: 'Hello',
  body: 'Dear parent',
  template: 'none',
  values: {},
}

/** The form's errors as @mantine/form shows them: the first message at each path. */
function errors(values: WebmailFormValues): Record<string, string> {
  const result = webmailFormSchema.safeParse(values)
  const found: Record<string, string> = {}
  for (const issue of result.success ? [] : result.error.issues)
    found[issue.path.join('.')] ??= issue.message
  return found
}

describe('the webmail form (O01-O11)', () => {
  it('accepts a message written freely, and words each problem at its field', () => {
    expect(errors(base)).toEqual({})
    expect(errors({ ...base, sender: null, to: 'nope', cc: 'x@', subject: ' ', body: '' })).toEqual(
      {
        sender: 'Choose a sender',
        to: 'nope is not an e-mail address',
        cc: 'x@ is not an e-mail address',
        subject: 'Write a subject',
        body: 'Write the message',
      },
    )
  })

  it('with a template, asks for its fields instead of a subject and message', () => {
    expect(
      errors({
        ...base,
        subject: '',
        body: '',
        template: 'enrolment',
        values: { parentNames: 'Maria', studentName: 'Tiago' },
      }),
    ).toEqual({ 'values.groupName': 'Fill in group', 'values.startDate': 'Fill in start date' })
    expect(
      errors({
        ...base,
        subject: '',
        body: '',
        template: 'enrolment',
        values: {
          parentNames: 'Maria',
          studentName: 'Tiago',
          groupName: 'Tanni',
          startDate: '1 June',
        },
      }),
    ).toEqual({})
  })
})

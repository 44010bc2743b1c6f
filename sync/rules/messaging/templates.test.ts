import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TEMPLATES,
  EDITABLE_TEMPLATE_LABELS,
  EDITABLE_TEMPLATE_NAMES,
  EDITABLE_TEMPLATES,
  MissingPlaceholderError,
  PLACEHOLDER_LABELS,
  TEMPLATE_LABELS,
  TEMPLATE_NAMES,
  fillTemplate,
  messageProblems,
  placeholdersFor,
  placeholdersOf,
  sampleValues,
  subjectProblems,
  templateFor,
  templateProblems,
} from './templates'

const common = {
  centreName: 'Banyan Tree Learning Centre',
  senderName: 'Admissions',
  parentNames: 'João and Maria Fernandes',
  studentName: 'Inês Fernandes',
  appLink: 'https://app.banyantree.school/parents/dash',
}

describe('e-mail templates (O11)', () => {
  it('has a template for each step and receipt, each naming the student or family and the centre', () => {
    expect(Object.keys(DEFAULT_TEMPLATES).sort()).toEqual([...TEMPLATE_NAMES].sort())
    for (const name of TEMPLATE_NAMES) {
      const used = placeholdersOf(DEFAULT_TEMPLATES[name])
      expect(used).toContain('centreName')
      expect(used.some((p) => p === 'studentName' || p === 'familyName')).toBe(true)
    }
    for (const name of ['admission', 'enrolment', 'feeReceipt'] as const) {
      expect(placeholdersOf(DEFAULT_TEMPLATES[name])).toContain('appLink')
    }
  })

  it('states the trial hours, snack and lunch (H29)', () => {
    const { html } = fillTemplate(DEFAULT_TEMPLATES.trial, {
      ...common,
      groupName: 'Jaul',
      trialStart: '1 December 2026',
      trialEnd: '5 December 2026',
    })
    expect(html).toContain('9:30am to 3pm')
    expect(html).toContain('snack break at 11am')
    expect(html).toContain('lunch from 12:30 to\n1:30')
    expect(html).toContain('<strong>1 December 2026</strong>')
    expect(html).not.toMatch(/\{\{/)
  })

  it('escapes values in the HTML and keeps them as text in the subject', () => {
    const filled = fillTemplate(
      { subject: 'For {{studentName}}', html: '<p>{{ studentName }}</p>' },
      { studentName: 'Ana <b>& "Zé"' },
    )
    expect(filled.html).toBe('<p>Ana &lt;b&gt;&amp; &quot;Zé&quot;</p>')
    expect(filled.subject).toBe('For Ana <b>& "Zé"')
  })

  it('keeps a subject on one line', () => {
    expect(fillTemplate({ subject: 'Hi {{n}}', html: '' }, { n: 'a\r\nBcc: x@y.z' }).subject).toBe(
      'Hi a Bcc: x@y.z',
    )
  })

  it('names every placeholder without a value and sends nothing half filled', () => {
    let error: unknown
    try {
      fillTemplate(DEFAULT_TEMPLATES.feeReceipt, { ...common, amount: 14500, feeType: '' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(MissingPlaceholderError)
    expect((error as MissingPlaceholderError).missing).toEqual([
      'feeType',
      'period',
      'receivedFrom',
      'paymentOption',
      'paymentDate',
      'yearTotal',
      'pending',
    ])
  })

  it('fills numbers as written', () => {
    const filled = fillTemplate({ subject: '', html: '₹{{amount}}' }, { amount: 0 })
    expect(filled.html).toBe('₹0')
  })

  it('names every placeholder and template for the dialog', () => {
    for (const name of TEMPLATE_NAMES) {
      expect(TEMPLATE_LABELS[name]).toMatch(/^[A-Z]/)
      for (const p of placeholdersOf(DEFAULT_TEMPLATES[name]))
        expect(PLACEHOLDER_LABELS[p], `${name}: ${p}`).toBeTruthy()
    }
  })
})

describe('the templates the office edits (issue 16)', () => {
  it('are the six of the e-mail dialog and the admission payment, each labelled', () => {
    expect(TEMPLATE_NAMES).toHaveLength(6)
    expect(Object.keys(DEFAULT_TEMPLATES)).toHaveLength(6)
    expect([...EDITABLE_TEMPLATE_NAMES].sort()).toEqual(
      [...TEMPLATE_NAMES, 'admissionPayment'].sort(),
    )
    for (const name of EDITABLE_TEMPLATE_NAMES) {
      expect(EDITABLE_TEMPLATE_LABELS[name]).toMatch(/^[A-Z]/)
      expect(
        templateProblems(EDITABLE_TEMPLATES[name].subject, EDITABLE_TEMPLATES[name].html, name),
      ).toEqual([])
    }
    expect(EDITABLE_TEMPLATE_LABELS.admissionPayment).toBe('Admission payment')
  })

  it('thanks the family for the admission fee and the deposit, and confirms the place', () => {
    const { subject, html } = fillTemplate(EDITABLE_TEMPLATES.admissionPayment, {
      ...common,
      admissionFee: '25,000',
      depositFee: '10,000',
      groupName: 'Jaul',
    })
    expect(subject).toBe('Admission payment received for Inês Fernandes')
    expect(html).toContain(
      'admission fee of ₹25,000 and the deposit of\n₹10,000 for Inês Fernandes',
    )
    expect(html).toContain('The place in the Jaul group is confirmed.')
    expect(html).toContain(common.appLink)
    expect(html).toContain('Warm regards,<br>Admissions<br>Banyan Tree Learning Centre')
  })

  const stored = [
    { name: 'trial', subject: 'Trial week for {{studentName}}', html: '<p>Welcome</p>' },
    { name: 'feeReceipt', subject: 'Receipt for {{meetingDate}}', html: '<p>x</p>' },
    { name: 'meeting', subject: 'Hi {{nobody}}', html: '<p>x</p>' },
  ]
  it.each([
    ['trial', stored, stored[0]!.subject],
    ['admission', stored, DEFAULT_TEMPLATES.admission.subject],
    ['admissionPayment', [], 'Admission payment received for {{studentName}}'],
    // Versions the app could not fill (written to the server some other way) are not used.
    ['feeReceipt', stored, DEFAULT_TEMPLATES.feeReceipt.subject],
    ['meeting', stored, DEFAULT_TEMPLATES.meeting.subject],
  ] as const)('uses the centre’s %s when it has one, else the default', (name, list, subject) => {
    expect(templateFor(name, list).subject).toBe(subject)
  })

  it('returns the stored version’s text only', () => {
    expect(templateFor('trial', stored)).toEqual({
      subject: 'Trial week for {{studentName}}',
      html: '<p>Welcome</p>',
    })
  })

  it.each([
    ['Trial week for {{studentName}}', '<p>Hi</p>', []],
    ['', '<p>Hi</p>', ['Write a subject']],
    ['   ', ' \n ', ['Write a subject', 'Write the message']],
    ['Trial\nweek', '<p>Hi</p>', ['Keep the subject on one line']],
    ['Trial\r', '<p>Hi</p>', ['Keep the subject on one line']],
    ['x'.repeat(999), '<p>Hi</p>', ['A subject has at most 998 characters']],
    ['Hi', 'x'.repeat(60_001), ['A message has at most 60,000 characters']],
    [
      'Hi {{nonsense}}',
      '<p>{{student}} {{ studentName }}</p>',
      ['Unknown placeholder {{nonsense}}', 'Unknown placeholder {{student}}'],
    ],
    ['Hi {{constructor}}', '<p>Hi</p>', ['Unknown placeholder {{constructor}}']],
    [
      'Hi {{ student name }}',
      '<p>{{studentName}</p>',
      [
        '{{ student name }} is not a placeholder: write one as {{studentName}}',
        '{{studentName} is not a placeholder: write one as {{studentName}}',
      ],
    ],
  ])('refuses %j with %j as %j', (subject, html, problems) => {
    expect(templateProblems(subject, html)).toEqual(problems)
  })

  it('keeps a style sheet’s closing braces', () => {
    expect(messageProblems('<style>@media (x){p{color:red}}</style><p>Hi</p>')).toEqual([])
  })

  it('refuses, for a named template, a known placeholder that e-mail cannot fill', () => {
    expect(subjectProblems('Receipt {{meetingDate}}', 'feeReceipt')).toEqual([
      'The fee receipt e-mail cannot fill {{meetingDate}}',
    ])
    expect(subjectProblems('Receipt {{meetingDate}}')).toEqual([])
    // The signature's values are filled in every e-mail.
    expect(messageProblems('<p>{{appLink}}</p>', 'contributionReceipt')).toEqual([])
    expect(placeholdersFor('meeting')).toEqual([
      ...placeholdersOf(DEFAULT_TEMPLATES.meeting),
      'appLink',
    ])
  })

  it('previews a template with each placeholder shown by its label', () => {
    const template = { subject: 'For {{studentName}}', html: '<p>{{parentNames}} {{odd}}</p>' }
    expect(fillTemplate(template, sampleValues(template))).toEqual({
      subject: 'For [Student]',
      html: '<p>[Parents] [odd]</p>',
    })
  })

  it('fills every template that passes the checks with values for its placeholders', () => {
    const names = Object.keys(PLACEHOLDER_LABELS)
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }).filter((s) => !s.includes('{') && !s.includes('}')),
      fc.constantFrom(...names).map((n) => `{{${n}}}`),
      fc.constantFrom('{{', '}}', '{{ x y }}', '{{studentName}'),
    )
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''))
    fc.assert(
      fc.property(
        fc.constantFrom(...EDITABLE_TEMPLATE_NAMES),
        text,
        text,
        (name, subject, html) => {
          fc.pre(templateProblems(subject, html, name).length === 0)
          const values = Object.fromEntries(placeholdersFor(name).map((p) => [p, 'v']))
          const filled = fillTemplate({ subject, html }, values)
          expect(filled.subject + filled.html).not.toContain('{{')
        },
      ),
    )
  })
})

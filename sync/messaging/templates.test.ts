import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TEMPLATES,
  MissingPlaceholderError,
  PLACEHOLDER_LABELS,
  TEMPLATE_EMAIL_TYPES,
  TEMPLATE_LABELS,
  TEMPLATE_NAMES,
  fillTemplate,
  placeholdersOf,
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

  it('names every placeholder and template for the dialog, and files each under a mail log type', () => {
    for (const name of TEMPLATE_NAMES) {
      expect(TEMPLATE_LABELS[name]).toMatch(/^[A-Z]/)
      expect(['Inquiry', 'Admissions', 'Payment Receipt', 'Contribution Receipt']).toContain(
        TEMPLATE_EMAIL_TYPES[name],
      )
      for (const p of placeholdersOf(DEFAULT_TEMPLATES[name]))
        expect(PLACEHOLDER_LABELS[p], `${name}: ${p}`).toBeTruthy()
    }
  })
})

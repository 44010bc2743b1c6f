import { describe, expect, it } from 'vitest'
import { reminderEmail, reminderLines, type ReminderInput } from './reminder'

const base: ReminderInput = {
  familyName: 'Naik',
  guardianNames: ['Priya Naik', 'Daniel Naik'],
  lines: [
    { studentName: 'Ira Naik', feeType: 'Monthly Fee', period: 'December 2026', amount: 16700 },
    {
      studentName: 'Kai Naik',
      feeType: 'Term Fee',
      period: 'Term 2: September to December 2026',
      amount: 58000,
    },
  ],
  centreName: 'Banyan Tree',
  senderName: 'Savio Pereira',
  appLink: 'https://app.test',
}

describe('reminderEmail (J30)', () => {
  it('greets the guardians and lists each child’s due and the total', () => {
    const { subject, html } = reminderEmail(base)
    expect(subject).toBe('Fee reminder from Banyan Tree: ₹74,700.00 due')
    expect(html).toContain('Dear Priya Naik and Daniel Naik,')
    expect(html).toContain('<td>Ira Naik</td><td>Monthly Fee</td><td>December 2026</td>')
    expect(html).toContain('₹16,700.00')
    expect(html).toContain('₹58,000.00')
    expect(html).toContain('<strong>₹74,700.00</strong>')
    expect(html).toContain('Savio Pereira<br>Banyan Tree')
  })
  it('greets the family when no guardian is named', () => {
    expect(reminderEmail({ ...base, guardianNames: [] }).html).toContain('Dear Naik family,')
  })
  it.each([
    ['familyName', { guardianNames: [], familyName: '<script>x</script>' }],
    ['guardianNames', { guardianNames: ['<script>x</script>'] }],
    ['studentName', { lines: [{ ...base.lines[0]!, studentName: '<script>x</script>' }] }],
    ['feeType', { lines: [{ ...base.lines[0]!, feeType: '<script>x</script>' }] }],
    ['period', { lines: [{ ...base.lines[0]!, period: '<script>x</script>' }] }],
    ['centreName', { centreName: '<script>x</script>' }],
    ['senderName', { senderName: '<script>x</script>' }],
    ['appLink', { appLink: '"><script>x</script>' }],
  ])('escapes the %s', (_, change) => {
    const { html } = reminderEmail({ ...base, ...change })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;')
  })
  it('keeps the subject on one line', () => {
    expect(reminderEmail({ ...base, centreName: 'Banyan\r\nBcc: x@y.z' }).subject).not.toMatch(
      /[\r\n]/,
    )
  })
  it('refuses a family with nothing due', () => {
    expect(() => reminderEmail({ ...base, lines: [] })).toThrow('This family has nothing due.')
  })
})

describe('reminderLines', () => {
  it('keeps only the children with an amount due', () => {
    const period = { key: 'k', label: 'December 2026', months: 1, start: '', end: '' }
    const lines = reminderLines(
      [
        { studentId: 's1', feeType: 'Monthly Fee', period, totalFeePending: 16700 },
        { studentId: 's2', feeType: 'Monthly Fee', period, totalFeePending: 0 },
      ],
      new Map([
        ['s1', 'Ira Naik'],
        ['s2', 'Kai Naik'],
      ]),
    )
    expect(lines).toEqual([
      { studentName: 'Ira Naik', feeType: 'Monthly Fee', period: 'December 2026', amount: 16700 },
    ])
  })
})

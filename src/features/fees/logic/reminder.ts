// The payment reminder (J30, J31): an e-mail to a family's guardians with what each child owes
// for the current period and the total. Every value is escaped: a name with '<' stays text.
import type { StudentFees } from '@sync/rules/fees/overview'
import { paymentDetails, type InlineImage, type PaymentWays } from '@sync/rules/fees/payment-mail'
import { escapeHtml, rupees } from '@sync/rules/text'

export interface ReminderLine {
  studentName: string
  feeType: string
  period: string
  amount: number
}

export interface ReminderInput {
  familyName: string
  guardianNames: readonly string[]
  lines: readonly ReminderLine[]
  centreName: string
  senderName: string
  appLink: string
  /** How the family can pay (issue 40): the UPI link and QR code, the bank details. */
  payment?: PaymentWays
}

/** What a family owes, line by line: only the children with an amount due. */
export function reminderLines(
  fees: readonly Pick<StudentFees, 'studentId' | 'feeType' | 'period' | 'totalFeePending'>[],
  names: ReadonlyMap<string, string>,
): ReminderLine[] {
  return fees
    .filter((f) => f.totalFeePending > 0)
    .map((f) => ({
      studentName: names.get(f.studentId) ?? '',
      feeType: f.feeType,
      period: f.period.label,
      amount: f.totalFeePending,
    }))
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/** The reminder's subject and HTML, and the inline image its HTML shows (the UPI QR code). */
export function reminderEmail(input: ReminderInput): {
  subject: string
  html: string
  images: InlineImage[]
} {
  if (input.lines.length === 0) throw new Error('This family has nothing due.')
  const total = input.lines.reduce((sum, l) => sum + l.amount, 0)
  const e = (text: string) => escapeHtml(oneLine(text))
  const greeting = input.guardianNames.length
    ? input.guardianNames.map(e).join(' and ')
    : `${e(input.familyName)} family`
  const rows = input.lines
    .map(
      (l) =>
        `<tr><td>${e(l.studentName)}</td><td>${e(l.feeType)}</td><td>${e(l.period)}</td>` +
        `<td style="text-align:right">${rupees(l.amount)}</td></tr>`,
    )
    .join('\n')
  const pay = input.payment
    ? paymentDetails(total, input.payment, `${oneLine(input.familyName)} family`)
    : { html: '', images: [] }
  const html = [
    `<p>Dear ${greeting},</p>`,
    `<p>This is a friendly reminder that the following fees are due at ${e(input.centreName)}:</p>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    '<tr><th align="left">Student</th><th align="left">Fee</th><th align="left">Period</th><th align="right">Due</th></tr>',
    rows,
    `<tr><td colspan="3"><strong>Total due</strong></td><td style="text-align:right"><strong>${rupees(total)}</strong></td></tr>`,
    '</table>',
    ...(pay.html ? [pay.html] : []),
    `<p>If you have paid already, thank you, and please ignore this reminder. Your payments are listed in the app: ${e(input.appLink)}.</p>`,
    `<p>Warm regards,<br>${e(input.senderName)}<br>${e(input.centreName)}</p>`,
  ].join('\n')
  return {
    subject: oneLine(`Fee reminder from ${input.centreName}: ${rupees(total)} due`),
    html,
    images: pay.images,
  }
}

import { describe, expect, it } from 'vitest'
import { receiptAgainQuestion, receiptAgainResult } from './receipt-again'

describe('a receipt e-mailed again from the payment list (J28, J29)', () => {
  it('asks before it queues anything, naming the receipt', () => {
    expect(receiptAgainQuestion('2026-27/0004')).toBe(
      "E-mail receipt 2026-27/0004 again to the family's guardians?",
    )
  })

  it('says the copy is queued, for whom, and that it goes out with the mail server', () => {
    expect(
      receiptAgainResult({
        number: '2026-27/0004',
        recipients: ['maria@example.in', 'joao@example.in'],
      }),
    ).toEqual({
      ok: true,
      message:
        'Receipt 2026-27/0004 queued again for maria@example.in, joao@example.in; it goes out when the mail server takes it',
    })
  })

  it.each([null, {}, { number: '2026-27/0004' }, { number: 4, recipients: [] }, 'ok'])(
    'reads an answer it does not understand as a failure: %j',
    (answer) => {
      expect(receiptAgainResult(answer)).toEqual({
        ok: false,
        message: 'The centre answered in a way this app cannot read: look in Node Mailer.',
      })
    },
  )
})

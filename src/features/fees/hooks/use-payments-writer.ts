import { payments } from '@sync/contract/collections/payments'
import type { PaymentRow } from '@sync/engine/database'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useOpenDatabase } from '@/db/provider'
import { settledDeposit, type DepositOutcome } from '../logic/deposit'
import {
  serverAnswerOf,
  setAsideRow,
  type NewPayment,
  type ServerAnswer,
} from '../logic/payment-rows'

/**
 * The office's payment writes. They are made on the device and pushed by the sync engine when it
 * can, so payments are recorded offline too; the server numbers each receipt when it arrives.
 */
export function usePaymentsWriter() {
  const { db } = useOpenDatabase()
  const docOf = async (id: string) => {
    const doc = await db.payments.findOne(id).exec()
    if (!doc) throw new Error('This payment is no longer on this device.')
    return doc
  }
  return {
    newId: (): string => uuidv7(),
    /** A new recorded payment. */
    record: async (row: NewPayment): Promise<void> => {
      await db.payments.insert(parseRow(payments, row))
    },
    /** A family's report, confirmed as the office recorded it: the same row, now recorded. */
    confirm: async (row: NewPayment): Promise<void> => {
      const doc = await docOf(row.id)
      if (doc.status !== 'reported') throw new Error('This payment is no longer waiting.')
      await doc.incrementalModify((current) =>
        parseRow(payments, { ...current, status: 'recorded', data: row.data }),
      )
    },
    /**
     * The server's answer to a payment this device saved, as its copy shows it: numbered,
     * refused (undone on the device), or still waiting after `ms`.
     */
    answer: (id: string, ms: number): Promise<ServerAnswer> =>
      new Promise((resolve) => {
        let settled = false
        const done = (answer: ServerAnswer) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          sub?.unsubscribe()
          resolve(answer)
        }
        const timer = setTimeout(() => done('waiting'), ms)
        const sub = db.payments.findOne(id).$.subscribe((doc) => {
          const answer = serverAnswerOf(doc ? (doc.toJSON() as PaymentRow) : null)
          if (answer !== 'waiting') queueMicrotask(() => done(answer))
        })
      }),
    /** A deposit returned to the family or kept by the centre, on a day, with a note. */
    settleDeposit: async (
      id: string,
      outcome: DepositOutcome,
      day: string,
      note: string,
      today: string,
    ): Promise<void> => {
      const doc = await docOf(id)
      await doc.incrementalModify((current) =>
        parseRow(payments, settledDeposit(current as PaymentRow, outcome, day, note, today)),
      )
    },
    /** A payment set aside with the reason (status void). */
    setAside: async (id: string, note: string): Promise<void> => {
      const doc = await docOf(id)
      await doc.incrementalModify((current) =>
        parseRow(payments, setAsideRow(current as PaymentRow, note)),
      )
    },
  }
}

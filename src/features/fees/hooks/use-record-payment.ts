import { notifications } from '@mantine/notifications'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { centreDateOf } from '@/lib/time/calendar-date'
import type { ContributionFormValues } from '../logic/contribution-form'
import type { FeeFormValues } from '../logic/fee-form'
import type { FeeFamily, FeeStudent } from '../logic/office-fees'
import { contributionPaymentRow, feePaymentRow, savedMessage } from '../logic/payment-rows'
import { tripFeePaymentRow, type TripFeeFormValues, type TripFeeLine } from '../logic/trip-fees'
import { usePaymentsWriter } from './use-payments-writer'

const today = () => centreDateOf(new Date())

/** How long the office waits online for the server's answer before hearing it is kept here. */
const ANSWER_WAIT_MS = 15_000

/**
 * Records fees and contributions from the dialogs (a new row, or a family's report confirmed)
 * and tells the office what happens next (J27): the receipt is "generated and sent" once the
 * server accepted the payment and numbered it, never before (it may refuse a month recorded
 * twice, and the sync status then says why); offline or without an answer yet, that it waits.
 */
export function useRecordPayment() {
  const writer = usePaymentsWriter()
  const tell = async (id: string, sendEmail: boolean) => {
    const answer = navigator.onLine ? await writer.answer(id, ANSWER_WAIT_MS) : 'waiting'
    if (answer === 'refused') {
      notifications.show({
        color: 'red',
        message: 'The payment was not recorded: the sync status says why.',
      })
      return
    }
    notifications.show({ color: 'green', message: savedMessage(answer === 'numbered', sendEmail) })
  }
  return {
    fee: async (args: {
      values: FeeFormValues
      student: FeeStudent
      family: FeeFamily
      payments: readonly PaymentLike[]
      report?: PaymentLike
    }): Promise<void> => {
      const row = feePaymentRow({
        id: args.report?.id ?? writer.newId(),
        today: today(),
        ...args,
      })
      await (args.report ? writer.confirm(row) : writer.record(row))
      void tell(row.id, args.values.sendEmail)
    },
    contribution: async (args: {
      values: ContributionFormValues
      family: FeeFamily
      report?: PaymentLike
    }): Promise<void> => {
      const row = contributionPaymentRow({
        id: args.report?.id ?? writer.newId(),
        ...args,
      })
      await (args.report ? writer.confirm(row) : writer.record(row))
      void tell(row.id, args.values.sendEmail)
    },
    /** A student's field trip fee (issue 34): a Field Trip payment naming the trip. */
    trip: async (args: {
      values: TripFeeFormValues
      line: TripFeeLine
      family: FeeFamily
      report?: PaymentLike
    }): Promise<void> => {
      const row = tripFeePaymentRow({ id: args.report?.id ?? writer.newId(), ...args })
      await (args.report ? writer.confirm(row) : writer.record(row))
      void tell(row.id, args.values.sendEmail)
    },
    setAside: writer.setAside,
  }
}

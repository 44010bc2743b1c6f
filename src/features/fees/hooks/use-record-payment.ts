import { notifications } from '@mantine/notifications'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { centreDateOf } from '@/lib/time/calendar-date'
import type { ContributionFormValues } from '../logic/contribution-form'
import type { FeeFormValues } from '../logic/fee-form'
import type { FeeFamily, FeeStudent } from '../logic/office-fees'
import { contributionPaymentRow, feePaymentRow, savedMessage } from '../logic/payment-rows'
import { usePaymentsWriter } from './use-payments-writer'

const today = () => centreDateOf(new Date())

/**
 * Records fees and contributions from the dialogs (a new row, or a family's report confirmed)
 * and tells the office what happens next (J27): sent now when online, on the next sync offline.
 */
export function useRecordPayment() {
  const writer = usePaymentsWriter()
  const tell = (sendEmail: boolean) =>
    notifications.show({ color: 'green', message: savedMessage(navigator.onLine, sendEmail) })
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
      tell(args.values.sendEmail)
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
      tell(args.values.sendEmail)
    },
    setAside: writer.setAside,
  }
}

import { payments } from '@sync/contract/collections/payments'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { asInstalment } from '@sync/rules/fees/instalment'
import { useOpenDatabase } from './provider'

/**
 * A fee the server refused because its period was recorded already, recorded again as a second
 * instalment: a new payment, numbered and e-mailed when the server accepts it. Loaded with the
 * sync details, which offer it.
 */
export function useKeepAsInstalment(): (noticeId: string) => Promise<void> {
  const open = useOpenDatabase()
  return async (noticeId) => {
    const notice = open.notices.notices$.value.find((n) => n.id === noticeId)
    if (notice?.kind !== 'refused' || !notice.mine) return
    await open.db.payments.insert(parseRow(payments, asInstalment(notice.mine, uuidv7())))
    open.notices.dismiss(noticeId)
  }
}

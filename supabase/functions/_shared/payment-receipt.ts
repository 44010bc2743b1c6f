// A recorded payment's receipt as a PDF, read with the caller's rights through `payment_receipt`:
// the `receipts` function answers it to a guardian or the office, and the dispatcher attaches it
// to the receipt e-mail.
import type { SupabaseClient } from '@supabase/supabase-js'
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import { receiptPdf, type Receipt } from './receipt.ts'

export interface PaymentReceipt {
  familyId: string
  number: string
  filename: string
  bytes: Uint8Array
}

/**
 * 'receipt-2026-27-0007.pdf': a name every mail client and file system keeps, without spaces
 * (issue 40: a mail client showed a spaced name as "attachment").
 */
export function receiptFilename(number: string): string {
  return `receipt-${number.replace(/[^0-9A-Za-z-]+/g, '-')}.pdf`
}

/** The receipt of a recorded payment, or null when the caller may not see it or it has none. */
export async function paymentReceipt(
  db: SupabaseClient,
  paymentId: string,
  centreName: string = centreDefaults.name,
): Promise<PaymentReceipt | null> {
  const { data, error } = await db.rpc('payment_receipt', { payment: paymentId })
  if (error) throw new Error(`payment_receipt: ${error.message}`)
  const row = data as (Omit<Receipt, 'centreName'> & { familyId: string }) | null
  if (!row || !row.number) return null
  const bytes = await receiptPdf({ ...row, amount: Number(row.amount), centreName })
  return {
    familyId: row.familyId,
    number: row.number,
    filename: receiptFilename(row.number),
    bytes,
  }
}

import { usableBankDetails, type BankDetails } from '@sync/contract/commands/centre/bank-details'
import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'

/**
 * The centre's bank details, read online (they are the shared settings, not kept on the device):
 * `stored` as saved ({} until an admin gives them), `usable` when a family could pay to them.
 */
export function useBankDetails() {
  const { data, error, reload } = useRpcQuery<Partial<BankDetails>>('centre_bank_details', {})
  return { stored: data, usable: data ? usableBankDetails(data) : null, error, reload }
}

/** Saves the details (admins); the database checks them as the form does. */
export function saveBankDetails(details: BankDetails) {
  return rpc<{ type: string; message: string }>('admin_set_bank_details', { details })
}

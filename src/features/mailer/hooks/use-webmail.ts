import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'
import type { SenderAccount } from '../logic/webmail'

/**
 * The centre's sender accounts, the signed-in member's own, and whether they may send e-mail
 * (O09: `always` for the accounts whose sending cannot be turned off); read online.
 */
export function useSenders() {
  return useRpcQuery<{
    senders: SenderAccount[]
    mine: string | null
    may_send: boolean
    always: boolean
  }>('mail_sender_accounts', {})
}
export interface Attachment {
  filename: string
  content: string
  contentType: string
}

/** A file as base64 for the outbox row. */
export async function attachmentOf(file: File): Promise<Attachment> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return {
    filename: file.name,
    content: btoa(binary),
    contentType: file.type || 'application/octet-stream',
  }
}

/** webmail (operations.md §7): queues the message in the outbox; answers {type, message}. */
export function sendWebmail(args: {
  sender: string
  recipients: string[]
  cc: string[]
  subject: string
  html_body: string
  attachments: Attachment[]
  /** What is sent ('webmail', a template's name, 'paymentReminder'): the server types it. */
  email_trigger: string
}) {
  return rpc<{ type: string; message: string }>('webmail', args)
}

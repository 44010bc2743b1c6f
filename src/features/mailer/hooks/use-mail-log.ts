import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'
import type { MailPage, MailType } from '../logic/mail-log'

/** One page of the e-mail log, newest first, of one type or all, read online. */
export function useMailLog(type: MailType | null, offset: number) {
  const { data, error, reload } = useRpcQuery<MailPage>('admin_list_emails', {
    email_type: type,
    page_offset: offset,
  })
  return { page: data, error, reload }
}

/** One e-mail's body and attachments, read while it is open. */
export function useMailBody(id: string) {
  const { data, error } = useRpcQuery<{ html: string; attachments: string[] }>('admin_email_body', {
    email: id,
  })
  return { body: data, error }
}

export function retryMail(id: string) {
  return rpc<{ type: string; message: string }>('admin_retry_email', { email: id })
}

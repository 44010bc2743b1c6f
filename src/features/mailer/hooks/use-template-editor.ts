import type { EditableTemplateName } from '@sync/rules/messaging/templates'
import { rpc, type RpcResult } from '@/lib/rpc'

type Answer = RpcResult<{ type: string; message: string }>

/** A change to a template is the centre's, kept on the server: it needs a connection. */
function offline(message: string): Answer | null {
  return navigator.onLine ? null : { ok: false, offline: true, message }
}

/** save_email_template: keeps the centre's version of a template; answers {type, message}. */
export async function saveTemplate(
  name: EditableTemplateName,
  subject: string,
  html: string,
): Promise<Answer> {
  return (
    offline('Saving a template needs a connection.') ??
    (await rpc('save_email_template', { name, subject, html }))
  )
}

/** reset_email_template: removes the centre's version, so the app's default is used again. */
export async function resetTemplate(name: EditableTemplateName): Promise<Answer> {
  return (
    offline('Going back to the default needs a connection.') ??
    (await rpc('reset_email_template', { name }))
  )
}

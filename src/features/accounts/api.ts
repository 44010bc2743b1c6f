// The account calls, typed by the shared contract. Whatever happens on the way (offline, a
// server failure), the screen gets an answer with a message it can show.
import { callFunction } from '@/lib/auth/actions'
import type {
  AccountsAction,
  AccountsAnswer,
  AccountsRequest,
} from '@sync/contract/commands/accounts/contract'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'

function isAnswer(body: unknown): body is { type: 'success' | 'error'; message: string } {
  if (!body || typeof body !== 'object') return false
  const { type, message } = body as Record<string, unknown>
  return (type === 'success' || type === 'error') && typeof message === 'string'
}

export async function accounts<A extends AccountsAction>(
  action: A,
  payload: AccountsRequest<A>,
): Promise<AccountsAnswer<A>> {
  const result = await callFunction('accounts', { action, ...payload })
  if (isAnswer(result.body)) return result.body as AccountsAnswer<A>
  const offline = !result.ok && result.reason === 'offline'
  return { type: 'error', message: offline ? MESSAGES.offline : MESSAGES.unexpected }
}

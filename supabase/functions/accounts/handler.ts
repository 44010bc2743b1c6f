// The `accounts` edge function: the account calls of core.md §7 (initSignin, registerFacilitator,
// initConnectAccount, registerMember, requestResetPassword, resetPassword, logUnregisterdSignin)
// and resendConfirmation, chosen by the `action` field of a JSON body, or a warm-up `{warmup: true}`. Every request is checked
// with the shared contract before anything is read or written; bad input answers 400 with
// {type: 'error', message}, and outcomes the person must act on answer 200 with their message.
import type { FunctionEnv } from '../_shared/env.ts'
import { json, preflight } from '../_shared/http.ts'
import { logSystemEvent } from '../_shared/log.ts'
import {
  ACCOUNTS_ACTIONS,
  firstProblem,
  requests,
  type AccountsAction,
  type AccountsAnswer,
  type AccountsPayload,
} from '../../../sync/commands/accounts/contract.ts'
import { MESSAGES } from '../../../sync/commands/accounts/messages.ts'
import { serviceClient, type Ctx } from './context.ts'
import { initConnectAccount, registerMember } from './connect.ts'
import { registerFacilitator } from './facilitator.ts'
import { requestResetPassword, resetPassword } from './reset.ts'
import { initSignin, logUnregisterdSignin, resendConfirmation } from './signin.ts'

type Actions = {
  [A in AccountsAction]: (ctx: Ctx, payload: AccountsPayload<A>) => Promise<AccountsAnswer<A>>
}

const actions: Actions = {
  initSignin,
  registerFacilitator,
  initConnectAccount,
  registerMember,
  requestResetPassword,
  resetPassword,
  logUnregisterdSignin,
  resendConfirmation,
}

const isAction = (value: unknown): value is AccountsAction =>
  typeof value === 'string' && (ACCOUNTS_ACTIONS as string[]).includes(value)

/** Links in e-mails point at the app; without SITE_URL, at the server the request came to. */
function siteOf(env: FunctionEnv, req: Request): string {
  return (env.SITE_URL || new URL(req.url).origin).replace(/\/+$/, '')
}

async function run<A extends AccountsAction>(
  ctx: Ctx,
  action: A,
  input: unknown,
): Promise<Response> {
  const parsed = requests[action].safeParse(input)
  if (!parsed.success) return json({ type: 'error', message: firstProblem(parsed.error) }, 400)
  const answer = await actions[action](ctx, parsed.data as AccountsPayload<A>)
  return json(answer)
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const admin = serviceClient(env)
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST') return json({ type: 'error', message: 'Use POST.' }, 405)
    const body: unknown = await req.json().catch(() => null)
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return json({ type: 'error', message: 'The request must be a JSON object.' }, 400)
    }
    const { action, ...payload } = body as Record<string, unknown>
    // A warm-up (core.md §7) starts the function before the person's first real call and
    // answers at once, reading and writing nothing.
    if (action === undefined && payload.warmup === true) {
      return json({ type: 'success', message: 'ready' })
    }
    if (!isAction(action)) {
      return json({ type: 'error', message: `Unknown action: ${String(action ?? '(none)')}` }, 400)
    }
    try {
      return await run({ env, admin, req, site: siteOf(env, req) }, action, payload)
    } catch (error) {
      console.error(`accounts ${action}:`, error)
      await logSystemEvent(
        admin,
        'error',
        'accounts',
        `${action} failed: ${(error as Error)?.message ?? String(error)}`,
        { action },
      )
      return json({ type: 'error', message: MESSAGES.unexpected }, 500)
    }
  }
}

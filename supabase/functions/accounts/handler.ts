// The `accounts` edge function: the account calls of core.md §7 (initSignin, registerFacilitator,
// initConnectAccount, registerMember, requestResetPassword, resetPassword, logUnregisterdSignin)
// and resendConfirmation, chosen by the `action` field of a JSON body, or a warm-up `{warmup: true}`. Every request is checked
// with the shared contract before anything is read or written; bad input answers 400 with
// {type: 'error', message}, a caller over a limit 429, and outcomes the person must act on
// answer 200 with their message.
import type { FunctionEnv } from '../_shared/env.ts'
import { json, preflight } from '../_shared/http.ts'
import { BODY_PROBLEM_MESSAGES, clientAddress, readJsonBody } from '../_shared/input.ts'
import { identify } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { limitFactor, waitFor } from '../_shared/throttle.ts'
import {
  ACCOUNTS_ACTIONS,
  firstProblem,
  requests,
  type AccountsAction,
  type AccountsAnswer,
  type AccountsPayload,
} from '@sync/contract/commands/accounts/contract.ts'
import { MESSAGES } from '@sync/contract/commands/accounts/messages.ts'
import { serviceClient, type Ctx } from './context.ts'
import type { User } from '@supabase/supabase-js'
import { initConnectAccount, registerMember } from './connect.ts'
import { registerFacilitator } from './facilitator.ts'
import { ACCOUNTS_CALLS_PER_IP, ACCOUNTS_LIMITS, accountKey } from './limits.ts'
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

/**
 * Links in e-mails point at the app (SITE_URL), never at the server the request came to: on
 * Supabase that is the function's own address, where no page of the app is served.
 */
function siteOf(env: FunctionEnv): string | null {
  const site = env.SITE_URL?.trim().replace(/\/+$/, '')
  if (!site) return null
  try {
    return /^https?:$/.test(new URL(site).protocol) ? site : null
  } catch {
    return null
  }
}

async function run<A extends AccountsAction>(
  ctx: Ctx,
  action: A,
  input: unknown,
): Promise<Response> {
  const parsed = requests[action].safeParse(input)
  if (!parsed.success) return json({ type: 'error', message: firstProblem(parsed.error) }, 400)
  const payload = parsed.data as AccountsPayload<A>
  // Well-formed calls count against their action's limits too.
  const limits = ACCOUNTS_LIMITS[action]
  const key = accountKey(action, payload)
  const wait = await waitFor(
    ctx.admin,
    [
      { bucket: `accounts.${action}:ip`, key: clientAddress(ctx.req), limit: limits.ip },
      ...(limits.account && key
        ? [{ bucket: `accounts.${action}:account`, key, limit: limits.account }]
        : []),
    ],
    limitFactor(ctx.env.RATE_LIMIT_FACTOR),
  )
  if (wait > 0) {
    const res = json({ type: 'error', message: MESSAGES.tooMany(wait) }, 429)
    res.headers.set('Retry-After', String(wait))
    return res
  }
  const answer = await actions[action](ctx, payload)
  return json(answer)
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const admin = serviceClient(env)
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST') return json({ type: 'error', message: 'Use POST.' }, 405)
    // The gateway does not check keys (verify_jwt is off, so the opaque sb_ keys work too): a
    // caller must present one of the project's keys, or a person's access token.
    const who = identify(env, req)
    if (who.kind === 'unknown') {
      return json({ type: 'error', message: 'This call needs the app’s API key.' }, 401)
    }
    // The body is read first, and no further than its limit; then every call from an address
    // counts, bad input too.
    const read = await readJsonBody(req)
    if (!read.ok && read.problem === 'tooLarge')
      return json({ type: 'error', message: BODY_PROBLEM_MESSAGES.tooLarge }, 413)
    const calls = await waitFor(
      admin,
      [{ bucket: 'accounts:ip', key: clientAddress(req), limit: ACCOUNTS_CALLS_PER_IP }],
      limitFactor(env.RATE_LIMIT_FACTOR),
    )
    if (calls > 0) {
      const res = json({ type: 'error', message: MESSAGES.tooMany(calls) }, 429)
      res.headers.set('Retry-After', String(calls))
      return res
    }
    const body = read.ok ? read.body : null
    if (!read.ok && read.problem !== 'notJson') {
      const message =
        read.problem === 'nul' ? MESSAGES.nulCharacter : BODY_PROBLEM_MESSAGES[read.problem]
      return json({ type: 'error', message }, read.status)
    }
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
      const named =
        typeof action === 'string'
          ? action.slice(0, 60)
          : action === undefined || action === null
            ? '(none)'
            : '(not text)'
      return json({ type: 'error', message: `Unknown action: ${named}` }, 400)
    }
    const site = siteOf(env)
    if (!site) {
      await logSystemEvent(
        admin,
        'error',
        'accounts',
        'SITE_URL is not set to the app’s address (http or https): account calls are refused, ' +
          'since their e-mailed links would lead nowhere',
        { action },
      )
      return json({ type: 'error', message: MESSAGES.unexpected }, 503)
    }
    try {
      let user: User | null = null
      if (who.kind === 'user') {
        // Auth verifies the token, whichever way the project signs them (shared secret or keys).
        const { data, error } = await admin.auth.getUser(who.token)
        if (error || !data.user) {
          return json(
            { type: 'error', message: 'Your sign-in has expired. Please sign in again.' },
            401,
          )
        }
        user = data.user
      }
      return await run({ env, admin, req, site, user }, action, payload)
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

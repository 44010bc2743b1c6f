// What every account action is given: the service-role client (auth admin and the accounts_*
// SQL functions), the request (for the caller's token), and where links in e-mails land.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import type { FunctionEnv } from '../_shared/env.ts'
import { adminKey, visitorKey } from '../_shared/keys.ts'
import type { ErrorAnswer } from '@sync/contract/commands/accounts/contract.ts'

export interface Ctx {
  env: FunctionEnv
  admin: SupabaseClient
  req: Request
  /** The app's address, for links in e-mails. */
  site: string
  /** The signed-in person calling (their token verified by Auth); null for visitors. */
  user: User | null
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

export function serviceClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, adminKey(env), { auth: noSession })
}

/** A client as a visitor has it, for the auth calls that act as the person (verify, sign in). */
export function visitorClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, visitorKey(env), { auth: noSession })
}

export function fail(message: string): ErrorAnswer {
  return { type: 'error', message }
}

export async function rpc<T>(ctx: Ctx, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await ctx.admin.rpc(fn, args)
  if (error) throw new Error(`${fn}: ${error.message}`)
  return data as T
}

/** Whether the caller proved this address with a confirmed account (Google sign-in). */
export function callerOwns(ctx: Ctx, email: string): User | null {
  const user = ctx.user
  return user && user.email?.toLowerCase() === email && user.email_confirmed_at ? user : null
}

let google: { at: number; available: boolean } | null = null

/** Whether the identity service offers Google sign-in (a Supabase provider setting). */
export async function googleAvailable(env: FunctionEnv): Promise<boolean> {
  if (google && Date.now() - google.at < 5 * 60_000) return google.available
  try {
    const res = await fetch(`${env.SUPABASE_URL}/auth/v1/settings`, {
      headers: { apikey: visitorKey(env) },
    })
    const settings = (await res.json()) as { external?: { google?: boolean } }
    google = { at: Date.now(), available: res.ok && settings.external?.google === true }
  } catch {
    google = { at: Date.now(), available: false }
  }
  return google.available
}

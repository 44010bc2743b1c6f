// What every account action is given: the service-role client (auth admin and the accounts_*
// SQL functions), the request (for the caller's token), and where links in e-mails land.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js'
import type { FunctionEnv } from '../_shared/env.ts'
import { bearerToken } from '../_shared/http.ts'
import type { ErrorAnswer } from '@sync/commands/accounts/contract.ts'

export interface Ctx {
  env: FunctionEnv
  admin: SupabaseClient
  req: Request
  /** The app's address, for links in e-mails. */
  site: string
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

export function serviceClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: noSession })
}

/** A client as a visitor has it, for the auth calls that act as the person (verify, sign in). */
export function visitorClient(env: FunctionEnv): SupabaseClient {
  return createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, { auth: noSession })
}

export function fail(message: string): ErrorAnswer {
  return { type: 'error', message }
}

export async function rpc<T>(ctx: Ctx, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await ctx.admin.rpc(fn, args)
  if (error) throw new Error(`${fn}: ${error.message}`)
  return data as T
}

/** The signed-in person calling, from their token; null for visitors (the anon key). */
export async function caller(ctx: Ctx): Promise<User | null> {
  const token = bearerToken(ctx.req)
  if (!token || token === ctx.env.SUPABASE_ANON_KEY || token === ctx.env.SUPABASE_SERVICE_ROLE_KEY)
    return null
  const { data, error } = await ctx.admin.auth.getUser(token)
  return error ? null : data.user
}

/** Whether the caller proved this address with a confirmed account (Google sign-in). */
export async function callerOwns(ctx: Ctx, email: string): Promise<User | null> {
  const user = await caller(ctx)
  return user && user.email?.toLowerCase() === email && user.email_confirmed_at ? user : null
}

let google: { at: number; available: boolean } | null = null

/** Whether the identity service offers Google sign-in (a Supabase provider setting). */
export async function googleAvailable(env: FunctionEnv): Promise<boolean> {
  if (google && Date.now() - google.at < 5 * 60_000) return google.available
  try {
    const res = await fetch(`${env.SUPABASE_URL}/auth/v1/settings`, {
      headers: { apikey: env.SUPABASE_ANON_KEY },
    })
    const settings = (await res.json()) as { external?: { google?: boolean } }
    google = { at: Date.now(), available: res.ok && settings.external?.google === true }
  } catch {
    google = { at: Date.now(), available: false }
  }
  return google.available
}

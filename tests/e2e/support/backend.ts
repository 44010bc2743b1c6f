// The local host's API from the test itself (Node), with the host's well-known keys: to create
// an account the demo centre does not have, read admin-only logs, or put a password back.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { makeKeys } from '../../../supabase/local/keys.ts'

const url = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`

async function client(role: 'anon' | 'service_role'): Promise<SupabaseClient> {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  return createClient(url(), role === 'anon' ? keys.anonKey : keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

export const serviceClient = () => client('service_role')

/** A client signed in as a demo account. */
export async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = await client('anon')
  const { error } = await c.auth.signInWithPassword({ email, password })
  if (error) throw error
  return c
}

/** Puts a demo account's password back after a test changed it. */
export async function setPassword(email: string, password: string): Promise<void> {
  const service = await serviceClient()
  const { data } = await service.auth.admin.listUsers({ perPage: 1000 })
  const user = data.users.find((u) => u.email === email)
  if (!user) throw new Error(`no account ${email}`)
  const { error } = await service.auth.admin.updateUserById(user.id, { password })
  if (error) throw error
}

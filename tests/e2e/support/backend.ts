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

/** An inquiry as the office's devices receive it. */
export interface PulledInquiry {
  id: string
  status: string
  kind: string
  family_name: string
  data: Record<string, unknown>
}

/** The inquiries filed under a family name, as the admission office's devices receive them. */
export async function inquiriesNamed(familyName: string): Promise<PulledInquiry[]> {
  const office = await signedIn('admission@demo.school', 'demo-admission-1')
  const { data, error } = await office.rpc('sync_pull', {
    collection: 'inquiries',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: PulledInquiry[] }).documents.filter(
    (d) => d.family_name === familyName,
  )
}

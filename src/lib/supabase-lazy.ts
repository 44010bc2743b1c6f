import type { Supabase } from './supabase'

// supabase-js is loaded on first use, so the public pages a parent opens on 2g do not
// download it.
let client: Promise<Supabase> | undefined

export function getSupabase(): Promise<Supabase> {
  client ??= import('./supabase').then((m) => m.supabase)
  return client
}

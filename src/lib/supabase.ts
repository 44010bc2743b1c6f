import { createClient } from '@supabase/supabase-js'
import { AUTH_STORAGE_KEY } from './auth/claims'
import { APP_VERSION } from './centre'

import { supabaseAnonKey, supabaseUrl } from './backend-address'

export { LOCAL_ANON_KEY, supabaseAnonKey, supabaseUrl } from './backend-address'

export const supabase = createClient(supabaseUrl, supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
  global: { headers: { 'x-app-version': APP_VERSION } },
})

export type Supabase = typeof supabase

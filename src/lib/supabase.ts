// The app's one backend client (see backend-client.ts), for this deployment's address and key.
import { AUTH_STORAGE_KEY } from './auth/claims'
import { createBackendClient, type BackendClient } from './backend-client'
import { APP_VERSION } from './centre'

import { supabaseAnonKey, supabaseUrl } from './backend-address'

export { LOCAL_ANON_KEY, supabaseAnonKey, supabaseUrl } from './backend-address'

export const supabase = createBackendClient(supabaseUrl, supabaseAnonKey, {
  storageKey: AUTH_STORAGE_KEY,
  headers: { 'x-app-version': APP_VERSION },
})

export type Supabase = BackendClient

// The backend client the app uses: supabase-js's own parts, wired the way its createClient
// wires them, with realtime and storage loaded on first use. On a parent's first visit over 2g
// the home then waits for auth and the database calls only (a 23 KiB file as sent instead of 43):
// the sync's poke channel and file uploads come after.
import { AuthClient, type GoTrueClient, type GoTrueClientOptions } from '@supabase/auth-js'
import { FunctionsClient } from '@supabase/functions-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import type { RealtimeClient, RealtimeClientOptions } from '@supabase/realtime-js'
import type { StorageClient } from '@supabase/storage-js'

export interface BackendClient {
  auth: GoTrueClient
  functions: FunctionsClient
  rpc: PostgrestClient['rpc']
  /** The realtime client (the sync's poke channel), loaded on first use. */
  realtime(): Promise<RealtimeClient>
  /** File storage, loaded on first use. */
  storage(): Promise<StorageClient>
}

export function createBackendClient(
  url: string,
  key: string,
  options: {
    storageKey: string
    headers: Record<string, string>
    /** Outside a browser (tests): no refresh timer, no session in the URL. */
    auth?: Pick<GoTrueClientOptions, 'autoRefreshToken' | 'detectSessionInUrl' | 'persistSession'>
    /** Outside a browser (tests on Node 20): the WebSocket to use. */
    realtime?: Pick<RealtimeClientOptions, 'transport'>
  },
): BackendClient {
  const base = new URL(url.endsWith('/') ? url : `${url}/`)
  const { headers } = options
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${key}`, apikey: key, ...headers },
    storageKey: options.storageKey,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    hasCustomAuthorizationHeader: false,
    ...options.auth,
  })
  const accessToken = async () => (await auth.getSession()).data.session?.access_token ?? key
  // Every call but auth's carries the member's token, else the anon key (as supabase-js does).
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const token = await accessToken()
    const sent = new Headers(init?.headers)
    if (!sent.has('apikey')) sent.set('apikey', key)
    if (!sent.has('Authorization')) sent.set('Authorization', `Bearer ${token}`)
    return await fetch(input, { ...init, headers: sent })
  }
  const rest = new PostgrestClient(new URL('rest/v1', base).href, { headers, fetch: fetchWithAuth })
  const functions = new FunctionsClient(new URL('functions/v1', base).href, {
    headers,
    customFetch: fetchWithAuth,
  })

  let realtime: Promise<RealtimeClient> | undefined
  let storage: Promise<StorageClient> | undefined
  return {
    auth,
    functions,
    rpc: rest.rpc.bind(rest) as PostgrestClient['rpc'],
    realtime() {
      realtime ??= import('@supabase/realtime-js').then(({ RealtimeClient }) => {
        const socketUrl = new URL('realtime/v1', base)
        socketUrl.protocol = socketUrl.protocol.replace('http', 'ws')
        const client = new RealtimeClient(socketUrl.href, {
          headers,
          accessToken,
          fetch: fetchWithAuth,
          params: { apikey: key },
          ...options.realtime,
        })
        // A new token (a refresh, a sign-in) goes to the open channels; a sign-out ends theirs.
        let sent: string | undefined
        auth.onAuthStateChange((event, session) => {
          const token = session?.access_token
          if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && token !== sent) {
            sent = token
            void client.setAuth(token)
          } else if (event === 'SIGNED_OUT') {
            sent = undefined
            void client.setAuth()
          }
        })
        return client
      })
      // A file that failed to load (offline) is asked for again next time.
      realtime.catch(() => (realtime = undefined))
      return realtime
    },
    storage() {
      storage ??= import('@supabase/storage-js').then(
        ({ StorageClient }) =>
          new StorageClient(new URL('storage/v1', base).href, headers, fetchWithAuth),
      )
      storage.catch(() => (storage = undefined))
      return storage
    },
  }
}

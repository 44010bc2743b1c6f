/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string
  readonly VITE_SUPABASE_ANON_KEY?: string
  readonly VITE_CENTRE_NAME?: string
  readonly VITE_CENTRE_SHORT_NAME?: string
  readonly VITE_CENTRE_TAGLINE?: string
  readonly VITE_CENTRE_EMAIL?: string
  readonly VITE_CENTRE_PHONE?: string
  readonly VITE_CENTRE_ADDRESS?: string
  readonly VITE_CENTRE_UPI_VPA?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

declare const __BUILD_ID__: string
/** package.json's version, given at build time (vite.config.ts). */
declare const __APP_VERSION__: string

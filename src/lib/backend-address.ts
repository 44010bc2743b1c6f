// Where the backend is and the key a visitor's calls carry, without supabase-js: the public
// pages that call a function directly (an application form) stay light.

// The local host's well-known anon key (the Supabase CLI's local default). A deployment
// against a Supabase project sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY at build time;
// without them the app talks to the host that served it, with the key the host put in the page
// (a host with its own JWT secret has its own key), else this one.
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export const supabaseUrl =
  import.meta.env.VITE_SUPABASE_URL ||
  (typeof location === 'undefined' ? 'http://localhost' : location.origin)
const servedKey =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content

export const supabaseAnonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || servedKey || LOCAL_ANON_KEY

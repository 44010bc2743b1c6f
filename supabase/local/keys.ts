// The API keys of the local host. With the default secret they are byte for byte the anon and
// service_role keys the Supabase CLI prints for a local stack, so tools and docs that assume those
// keys work here; with JWT_SECRET set they are signed with that secret instead.
import { createHmac, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SignJWT } from 'jose'

/** The Supabase CLI's published local JWT secret. Not a secret: never use it on a shared server. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** Expiry the CLI uses for its demo keys (2032-11-12). */
const DEMO_KEY_EXPIRY = 1983812996

export interface ApiKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** `sb_publishable_...`: the anon role, as Supabase's newer keys (not a JWT). */
  publishableKey: string
  /** `sb_secret_...`: the service_role role, as Supabase's newer keys (not a JWT). */
  secretKey: string
}

/** An opaque key derived from the secret, so it stays the same across restarts. */
function opaqueKey(prefix: 'sb_publishable_' | 'sb_secret_', secret: string): string {
  return prefix + createHmac('sha256', secret).update(prefix).digest('base64url').slice(0, 32)
}

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret)
}

async function demoKey(role: 'anon' | 'service_role', secret: string): Promise<string> {
  // Claim order matters for byte equality with the CLI keys: iss, role, exp.
  return new SignJWT({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(secret))
}

export async function makeKeys(jwtSecret: string = DEFAULT_JWT_SECRET): Promise<ApiKeys> {
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long')
  return {
    jwtSecret,
    anonKey: await demoKey('anon', jwtSecret),
    serviceRoleKey: await demoKey('service_role', jwtSecret),
    publishableKey: opaqueKey('sb_publishable_', jwtSecret),
    secretKey: opaqueKey('sb_secret_', jwtSecret),
  }
}

/** Addresses only this machine can reach. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h)
}

export const JWT_SECRET_FILE = 'jwt-secret'

/**
 * The secret the host signs tokens with. JWT_SECRET when set. Without it, a host that only this
 * machine can reach uses the Supabase CLI's published secret (so the CLI's well-known keys and
 * tools work); a host others can reach must not, since anyone could sign a service_role token
 * with a published secret: it makes one, keeps it in the data folder (readable by its owner
 * only) and uses it on every later start. With nowhere to keep it (in memory), it refuses.
 */
export async function hostJwtSecret(options: {
  given?: string
  hostname: string
  /** TRUST_PROXY is set: a reverse proxy brings others' requests, whatever the bind address. */
  behindProxy?: boolean
  /** Where to keep a generated secret; undefined when nothing is kept (in memory). */
  dataDir?: string
  log?: (line: string) => void
}): Promise<string> {
  // Demo mode is this machine alone: loopback and no proxy in front of it.
  const open = !isLoopback(options.hostname) || Boolean(options.behindProxy)
  const where = options.behindProxy
    ? 'behind a reverse proxy (TRUST_PROXY)'
    : `to listen on ${options.hostname}`
  if (options.given) {
    if (open && options.given === DEFAULT_JWT_SECRET) {
      throw new Error(
        `JWT_SECRET is the Supabase CLI's published secret: anyone could sign tokens for this ` +
          `host. Set a secret of your own (at least 32 characters) ${where}.`,
      )
    }
    return options.given
  }
  if (!open) return DEFAULT_JWT_SECRET
  if (!options.dataDir) {
    const needs = options.behindProxy
      ? 'Behind a reverse proxy (TRUST_PROXY) the host needs a JWT secret of its own'
      : `Listening on ${options.hostname} needs a JWT secret of its own`
    throw new Error(
      `${needs}: set JWT_SECRET (at least 32 characters), or keep data in a folder (without ` +
        '--memory) where one is made and kept.',
    )
  }
  const file = join(options.dataDir, JWT_SECRET_FILE)
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => null,
  )
  if (kept && kept.length >= 32) return kept
  const secret = randomBytes(48).toString('base64url')
  await mkdir(options.dataDir, { recursive: true })
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    // Another host started on the same folder at the same moment: use the one it wrote.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  })
  options.log?.(`made a JWT secret for this host in ${file}`)
  return (await readFile(file, 'utf8')).trim()
}

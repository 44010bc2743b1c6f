// The API keys of the local host. With the default secret they are byte for byte the anon and
// service_role keys the Supabase CLI prints for a local stack, so tools and docs that assume those
// keys work here; with JWT_SECRET set they are signed with that secret instead.
import { SignJWT } from 'jose'

/** The Supabase CLI's published local JWT secret. Not a secret: never use it on a shared server. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'

/** Expiry the CLI uses for its demo keys (2032-11-12). */
const DEMO_KEY_EXPIRY = 1983812996

export interface ApiKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
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
  }
}

import { APP_ROLES, type AppRole, type SignedInMember } from './types'

/** Where supabase-js keeps the session; fixed so the app can read it without loading it. */
export const AUTH_STORAGE_KEY = 'app-auth'

/** Decodes a JWT's payload (no verification: the server verifies every request). */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1]
  if (!part) return null
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0')).join(''),
    )
    const payload: unknown = JSON.parse(json)
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/**
 * The member as the token describes them. The custom access token hook writes app_role,
 * app_status and the flags from the member record; a token without app_role belongs to an
 * account that is not registered with the centre.
 */
export function memberFromClaims(claims: Record<string, unknown>): SignedInMember | null {
  const userId = str(claims.sub)
  if (!userId) return null
  const meta = (claims.user_metadata ?? {}) as Record<string, unknown>
  const role = str(claims.app_role)
  const validRole =
    role && (APP_ROLES as readonly string[]).includes(role) ? (role as AppRole) : null
  return {
    userId,
    email: str(claims.email) ?? '',
    name: str(meta.name) ?? str(meta.full_name) ?? str(claims.email) ?? '',
    role: validRole,
    status: claims.app_status === 'blocked' ? 'blocked' : 'verified',
    // A session exists only after the e-mail was confirmed (confirmations are on) or an
    // identity provider vouched for it.
    emailVerified: claims.email_verified !== false,
    isSystemAdmin: claims.is_system_admin === true,
    isFacilitatorAdmin: claims.is_facilitator_admin === true,
    isProfileAdmin: claims.is_profile_admin === true,
    isParentFacilitator: claims.is_parent_facilitator === true,
    familyToken: str(claims.family_token),
    facilitatorId: str(claims.facilitator_id),
  }
}

export interface StoredSession {
  access_token: string
  refresh_token: string
  expires_at?: number
}

/** The session supabase-js persisted, read synchronously. */
export function readStoredSession(storage: Pick<Storage, 'getItem'>): StoredSession | null {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY)
    if (!raw) return null
    const parsed = JSON.parse(raw) as Partial<StoredSession>
    return typeof parsed.access_token === 'string' && typeof parsed.refresh_token === 'string'
      ? (parsed as StoredSession)
      : null
  } catch {
    return null
  }
}

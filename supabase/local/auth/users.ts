// auth.users as Supabase Auth keeps it, and the User JSON it answers with. Passwords are
// bcrypt (cost 10, as GoTrue) through pgcrypto, so hashes are interchangeable with Supabase's.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db.ts'
import { MIN_PASSWORD_LENGTH, badRequest, unprocessable, weakPassword } from './errors.ts'

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  confirmed_at: Date | null
  banned_until: Date | null
  deleted_at: Date | null
  is_anonymous: boolean
}

interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000'
const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
  confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at,
  confirmed_at, banned_until, deleted_at, is_anonymous`

// GoTrue's own check: something@something.tld, no spaces, at most 255 characters.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normalizeEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest('validation_failed', 'An email address is required')
  }
  const email = value.trim().toLowerCase()
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) {
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format')
  }
  return email
}

export function checkPassword(value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw badRequest('validation_failed', 'Password is required')
  }
  if ([...value].length < MIN_PASSWORD_LENGTH) throw weakPassword()
  // bcrypt ignores everything past 72 bytes; GoTrue refuses such passwords rather than truncate.
  if (Buffer.byteLength(value) > 72) {
    throw unprocessable('validation_failed', 'Password cannot be longer than 72 characters')
  }
  return value
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

export async function findUserById(
  q: Queryable,
  id: string,
  lock = false,
): Promise<UserRow | null> {
  if (!isUuid(id)) return null
  const rows = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1${lock ? ' for update' : ''}`,
    [id],
  )
  return rows[0] ?? null
}

export async function findUserByEmail(
  q: Queryable,
  email: string,
  lock = false,
): Promise<UserRow | null> {
  const rows = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
      where lower(email) = $1 and is_sso_user = false${lock ? ' for update' : ''}`,
    [email],
  )
  return rows[0] ?? null
}

export async function passwordMatches(
  q: Queryable,
  userId: string,
  password: string,
): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(
    `select coalesce(encrypted_password <> '' and encrypted_password = extensions.crypt($2, encrypted_password), false) as ok
       from auth.users where id = $1`,
    [userId, password],
  )
  return rows[0]?.ok === true
}

/**
 * A bcrypt hash (cost 10, like every stored one) of a password nobody has. Checking a password
 * against it when the account does not exist takes the same time as a real check, so how long
 * a sign-in takes does not tell whether an address has an account.
 */
const DUMMY_HASH = '$2a$10$DnZB3iVKaOukJkrbWk8y/OJeWE7j1AJSjbZRbUxb1ScGq7nQAQEWW'

/** Whether `password` is the account's; a missing account (or password) hashes a dummy. */
export async function verifyPassword(
  q: Queryable,
  user: UserRow | null,
  password: string,
): Promise<boolean> {
  const stored = user?.encrypted_password || DUMMY_HASH
  const rows = await q.query<{ ok: boolean }>(`select extensions.crypt($1, $2) = $2 as ok`, [
    password,
    stored,
  ])
  return Boolean(user?.encrypted_password) && rows[0]?.ok === true
}

export async function setPassword(q: Queryable, userId: string, password: string): Promise<void> {
  await q.query(
    `update auth.users
        set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', 10)), updated_at = now()
      where id = $1`,
    [userId, password],
  )
}

export interface NewUser {
  id?: string
  email: string
  password?: string | null
  confirmed: boolean
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  invited?: boolean
}

/** Creates the user and its 'email' identity, as GoTrue does for e-mail sign-ups. */
export async function createUser(q: Queryable, input: NewUser): Promise<UserRow> {
  const id = input.id ?? randomUUID()
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) }
  await q.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       confirmation_token, recovery_token, email_change_token_new, email_change,
       email_change_token_current, phone_change, phone_change_token, reauthentication_token,
       raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
     values ($1, $2, 'authenticated', 'authenticated', $3,
       case when $4::text is null then '' else extensions.crypt($4::text, extensions.gen_salt('bf', 10)) end,
       case when $5::boolean then now() end, case when $6::boolean then now() end,
       '', '', '', '', '', '', '', '', $7::jsonb, $8::jsonb, false, now(), now())`,
    [
      INSTANCE_ID,
      id,
      input.email,
      input.password ?? null,
      input.confirmed,
      input.invited ?? false,
      JSON.stringify(appMetadata),
      JSON.stringify(input.userMetadata ?? {}),
    ],
  )
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::text::uuid, $2::jsonb, 'email', now(), now())`,
    [
      id,
      JSON.stringify({
        sub: id,
        email: input.email,
        email_verified: input.confirmed,
        phone_verified: false,
      }),
    ],
  )
  const user = await findUserById(q, id)
  if (!user) throw new Error('user vanished after insert')
  return user
}

/** Merges metadata the way GoTrue does: top-level keys replace, null removes a key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key]
    else out[key] = value
  }
  return out
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now()
}

const iso = (d: Date | string | null | undefined) =>
  d == null ? undefined : new Date(d).toISOString()

/** The User object of Supabase Auth's API. Absent timestamps are left out, as GoTrue does. */
export async function userJson(
  q: Queryable,
  user: UserRow,
  admin = false,
): Promise<Record<string, unknown>> {
  const identities = await q.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [user.id],
  )
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  }
  if (admin) {
    out.banned_until = iso(user.banned_until)
    out.deleted_at = iso(user.deleted_at)
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>
}

// E-mail links and one-time codes (sign-up confirmation, recovery, magic link, invite, e-mail
// change) made the way Supabase Auth makes them: a 6-digit code, stored as
// hex(sha224(email + code)) in the user's token column, and a /verify link carrying that hash.
// The e-mails themselves are rows in public.email_outbox, which the mailer delivers.
import { createHash, randomInt } from 'node:crypto'
import { escapeHtml } from '@sync/rules/text.ts'
import type { Queryable } from '../db.ts'
import { forbidden } from './errors.ts'
import { findUserById, type UserRow } from './users.ts'

export type LinkType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change'
/** Types accepted by /verify; 'email' is supabase-js' name for a confirmation or magic link. */
export type VerifyType = LinkType | 'email'

/** How long a link or code stays valid (Supabase's default e-mail OTP expiry). */
export const LINK_TTL_SECONDS = 3600

const TOKEN_COLUMN: Record<LinkType, string> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  email_change: 'email_change_token_new',
}
const SENT_COLUMN: Record<LinkType, string> = {
  signup: 'confirmation_sent_at',
  invite: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  magiclink: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex')
}

export interface IssuedLink {
  otp: string
  hashedToken: string
}

/** Stores a fresh code for `type`; `email` is the address the code is sent to. */
export async function issueLink(
  tx: Queryable,
  userId: string,
  type: LinkType,
  email: string,
): Promise<IssuedLink> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const hashedToken = tokenHash(email, otp)
  await tx.query(
    `update auth.users set ${TOKEN_COLUMN[type]} = $2, ${SENT_COLUMN[type]} = now(), updated_at = now()
      where id = $1`,
    [userId, hashedToken],
  )
  // A new code starts with a clean slate of wrong tries.
  await tx.query('delete from auth.otp_failures where user_id = $1 and kind = $2', [
    userId,
    TOKEN_COLUMN[type],
  ])
  return { otp, hashedToken }
}

/** The link kinds a verification type may consume ('email' is a sign-up or a magic link). */
export function kindsOf(type: VerifyType): LinkType[] {
  return type === 'email' ? ['signup', 'magiclink'] : [type]
}

/**
 * Counts a wrong code typed for an address. At WRONG_CODES_ALLOWED wrong tries the code itself
 * is cleared: the next right guess finds nothing, and a new code must be asked for (which is
 * limited per address and per IP). Returns whether the code was cleared.
 */
export async function countWrongCode(
  tx: Queryable,
  email: string,
  type: VerifyType,
  allowed: number,
): Promise<boolean> {
  const [user] = await tx.query<{ id: string }>(
    'select id from auth.users where lower(email) = $1 or lower(email_change) = $1 limit 1',
    [email.toLowerCase()],
  )
  if (!user) return false
  let cleared = false
  for (const column of new Set(kindsOf(type).map((k) => TOKEN_COLUMN[k]))) {
    const [row] = await tx.query<{ failures: number }>(
      `insert into auth.otp_failures as f (user_id, kind, failures) values ($1, $2, 1)
       on conflict (user_id, kind) do update set failures = f.failures + 1, updated_at = now()
       returning failures`,
      [user.id, column],
    )
    if ((row?.failures ?? 0) >= allowed) {
      await tx.query(`update auth.users set ${column} = '' where id = $1`, [user.id])
      cleared = true
    }
  }
  return cleared
}

export function actionLink(
  hostUrl: string,
  hashedToken: string,
  type: LinkType,
  redirectTo: string,
): string {
  const params = new URLSearchParams({ token: hashedToken, type, redirect_to: redirectTo })
  return `${hostUrl}/auth/v1/verify?${params.toString()}`
}

/**
 * Redirect targets must be on the site or the host itself (Supabase's allow list): anything
 * else, another port of this machine included, falls back to the site URL, so links cannot
 * send tokens to another site or to another program on the machine.
 */
export function safeRedirect(
  candidate: string | null | undefined,
  siteUrl: string,
  hostUrl: string,
): string {
  if (!candidate) return siteUrl
  try {
    const target = new URL(candidate)
    const allowed = [siteUrl, hostUrl].filter(Boolean).map((u) => new URL(u).origin)
    if (allowed.includes(target.origin)) return target.toString()
  } catch {
    // not an absolute URL: fall through to the site
  }
  return siteUrl
}

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid')

/**
 * Finds the user a code or link belongs to and consumes it, applying its effect (confirming the
 * address, or moving to the new address). Returns the updated user.
 */
export async function consumeLink(
  tx: Queryable,
  type: VerifyType,
  token: { hash: string } | { email: string; otp: string },
): Promise<{ user: UserRow; type: LinkType }> {
  const candidates = kindsOf(type)
  for (const kind of candidates) {
    const hash = 'hash' in token ? token.hash : tokenHash(token.email, token.otp)
    const rows = await tx.query<{ id: string; email: string | null; email_change: string | null }>(
      `select id, email, email_change from auth.users
        where ${TOKEN_COLUMN[kind]} = $1 and ${TOKEN_COLUMN[kind]} <> ''
          and ${SENT_COLUMN[kind]} > now() - make_interval(secs => $2)
        for update`,
      [hash, LINK_TTL_SECONDS],
    )
    const row = rows[0]
    if (!row) continue
    if ('email' in token) {
      const expected = kind === 'email_change' ? row.email_change : row.email
      if ((expected ?? '').toLowerCase() !== token.email.toLowerCase()) continue
    }
    await applyLink(tx, row.id, kind)
    await tx.query('delete from auth.otp_failures where user_id = $1 and kind = $2', [
      row.id,
      TOKEN_COLUMN[kind],
    ])
    const user = await findUserById(tx, row.id)
    if (user) return { user, type: kind }
  }
  throw expired()
}

async function applyLink(tx: Queryable, userId: string, kind: LinkType) {
  if (kind === 'email_change') {
    await tx.query(
      `update auth.users
          set email = email_change, email_change = '', email_change_token_new = '',
              email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now()
        where id = $1`,
      [userId],
    )
  } else {
    await tx.query(
      `update auth.users
          set ${TOKEN_COLUMN[kind]} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now()
        where id = $1`,
      [userId],
    )
  }
  await tx.query(
    `update auth.identities i
        set identity_data = i.identity_data || jsonb_build_object('email', u.email, 'email_verified', true),
            updated_at = now()
       from auth.users u
      where u.id = i.user_id and i.user_id = $1 and i.provider = 'email'`,
    [userId],
  )
}

const SUBJECTS: Record<LinkType, [string, string, string]> = {
  signup: [
    'Confirm Your Signup',
    'Confirm your signup',
    'Follow this link to confirm your e-mail address:',
  ],
  invite: [
    'You have been invited',
    'You have been invited',
    'Follow this link to accept the invite and set up your account:',
  ],
  recovery: [
    'Reset Your Password',
    'Reset your password',
    'Follow this link to choose a new password:',
  ],
  magiclink: ['Your Magic Link', 'Your sign-in link', 'Follow this link to sign in:'],
  email_change: [
    'Confirm Email Change',
    'Confirm your new e-mail address',
    'Follow this link to confirm the change of your e-mail address:',
  ],
}

export interface AuthMail {
  to: string
  type: LinkType
  link: string
  otp: string
  userId: string
  sender: string
}

/**
 * Queues the e-mail in public.email_outbox (the mailer sends it, with retries and a visible
 * status). Before the outbox exists, the link goes to the host's log so local sign-up still works.
 */
export async function queueAuthMail(tx: Queryable, mail: AuthMail): Promise<void> {
  const [subject, title, lead] = SUBJECTS[mail.type]
  const html =
    `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(lead)}</p>` +
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(title)}</a></p>` +
    `<p>Or enter this code: <strong>${mail.otp}</strong></p>` +
    `<p>The link and the code are valid for ${LINK_TTL_SECONDS / 60} minutes.</p>`
  const [outbox] = await tx.query<{ present: boolean }>(
    `select to_regclass('public.email_outbox') is not null as present`,
  )
  if (!outbox?.present) {
    console.log(`[auth] ${subject} for ${mail.to}: ${mail.link}`)
    return
  }
  await tx.query(
    `insert into public.email_outbox (sender, recipients, subject, html_body, email_type, email_trigger, triggered_by)
     values ($1, $2, $3, $4, 'Members', $5, $6)`,
    [mail.sender, [mail.to], subject, html, `auth.${mail.type}`, mail.userId],
  )
}

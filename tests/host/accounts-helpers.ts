// Calling the `accounts` edge function with supabase-js as the app does, and reading what the
// database holds, so tests can say "nothing was written" precisely.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import type { Db } from '../../supabase/local/db.ts'

export interface Answer {
  status: number
  body: Record<string, unknown> & { type?: string; message?: string }
}

export async function call(
  client: SupabaseClient,
  action: string | undefined,
  payload: Record<string, unknown> = {},
): Promise<Answer> {
  const body = action === undefined ? payload : { action, ...payload }
  const { data, error } = await client.functions.invoke('accounts', { body })
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response
    return { status: res.status, body: (await res.json()) as Answer['body'] }
  }
  if (error) throw error
  return { status: 200, body: data as Answer['body'] }
}

/** Row counts of everything an account call may write. */
export async function written(db: Db): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(`
    select (select count(*)::int from auth.users) as users,
           (select count(*)::int from auth.users where email_confirmed_at is not null) as confirmed,
           (select count(*)::int from auth.sessions) as sessions,
           (select count(*)::int from public.members) as members,
           (select count(*)::int from public.members where whatsapp is not null) as member_numbers,
           (select count(*)::int from public.facilitators where status = 'active') as active_facilitators,
           (select count(*)::int from public.family_contacts where member_id is not null) as connected,
           (select count(*)::int from public.email_outbox) as emails,
           (select count(*)::int from public.unregistered_signins) as unregistered,
           (select coalesce(sum(attempts), 0)::int from public.unregistered_signins) as attempts,
           (select count(*)::int from public.login_history) as logins`)
  return row!
}

/** The link in an account e-mail (an outbox row's HTML or a received message). */
export function linkIn(html: string): URL {
  const href = /href="([^"]+)"/.exec(html)?.[1]
  if (!href) throw new Error(`no link in ${html}`)
  return new URL(href.replace(/&amp;/g, '&'))
}

export async function lastEmailTo(db: Db, address: string) {
  const [row] = await db.query<{
    subject: string
    html_body: string
    email_type: string
    email_trigger: string
  }>(
    `select subject, html_body, email_type, email_trigger from public.email_outbox
      where $1 = any(recipients) order by created_at desc, id desc limit 1`,
    [address],
  )
  return row ?? null
}

/** Claims of an access token (no verification: the host issued it in the same test). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
}

/**
 * What the owner of a mailbox does with the last set-up link sent to it: open it (which
 * confirms the address and signs them in, in this client) and choose their password there.
 */
export async function openSetupLink(
  db: Db,
  client: SupabaseClient,
  address: string,
  password?: string,
): Promise<{ accessToken: string }> {
  const mail = await lastEmailTo(db, address)
  if (!mail) throw new Error(`no e-mail to ${address}`)
  const token = linkIn(mail.html_body).searchParams.get('setup')
  if (!token) throw new Error(`no set-up link in the e-mail to ${address}`)
  const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'email' })
  if (error || !data.session) throw error ?? new Error('no session from the link')
  if (password !== undefined) {
    const changed = await client.auth.updateUser({ password })
    if (changed.error) throw changed.error
  }
  return { accessToken: data.session.access_token }
}

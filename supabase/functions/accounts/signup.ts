// A password account waiting for its e-mail to be confirmed. Whoever asks for it gives only the
// address: the account gets a random password nobody knows, and the person who opens the
// e-mailed link chooses the real one. Asking again (a lost e-mail, a retry) reuses the same
// account, and any password someone set on it before it was confirmed is replaced by a new
// random one, so nobody who asked for the link can sign in with a password of their choosing.
import { rpc, type Ctx } from './context.ts'

export type SetupAccount =
  { kind: 'ready'; id: string; hashedToken: string } | { kind: 'confirmed'; id: string }

interface AuthUserRow {
  id: string
  confirmed: boolean
}

export async function authUser(ctx: Ctx, email: string): Promise<AuthUserRow | null> {
  const rows = await rpc<AuthUserRow[]>(ctx, 'accounts_auth_user', { email })
  return rows[0] ?? null
}

/** 48 random characters (288 bits): a password nobody can know or guess. */
function unknowablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(36))
  return btoa(String.fromCharCode(...bytes))
}

export async function setupAccount(
  ctx: Ctx,
  input: { email: string; name: string },
): Promise<SetupAccount> {
  const existing = await authUser(ctx, input.email)
  if (existing?.confirmed) return { kind: 'confirmed', id: existing.id }
  const password = unknowablePassword()
  if (existing) {
    const { error } = await ctx.admin.auth.admin.updateUserById(existing.id, {
      password,
      user_metadata: { name: input.name },
    })
    if (error) throw error
  }
  const { data, error } = await ctx.admin.auth.admin.generateLink({
    type: 'signup',
    email: input.email,
    password,
    options: { data: { name: input.name } },
  })
  if (error) {
    // Confirmed in the meantime (the owner opened an earlier link): nothing to set up.
    if (error.code === 'email_exists') {
      const now = await authUser(ctx, input.email)
      if (now?.confirmed) return { kind: 'confirmed', id: now.id }
    }
    throw error
  }
  return { kind: 'ready', id: data.user.id, hashedToken: data.properties.hashed_token }
}

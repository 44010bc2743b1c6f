// A password account waiting for its e-mail to be confirmed: created once per address and, when
// the person registers again before confirming (a lost e-mail, a retry), the same account with
// the latest password, so repeated calls never make a second account.
import { rpc, type Ctx } from './context.ts'

export type SignupAccount =
  | { kind: 'ready'; id: string; hashedToken: string }
  | { kind: 'confirmed'; id: string }
  | { kind: 'refused'; message: string }

interface AuthUserRow {
  id: string
  confirmed: boolean
}

export async function authUser(ctx: Ctx, email: string): Promise<AuthUserRow | null> {
  const rows = await rpc<AuthUserRow[]>(ctx, 'accounts_auth_user', { email })
  return rows[0] ?? null
}

/** The auth service refuses a password its own policy does not allow: show its reason. */
function refusal(error: { code?: string; message: string }): SignupAccount | null {
  return error.code === 'weak_password' || error.code === 'validation_failed'
    ? { kind: 'refused', message: error.message }
    : null
}

export async function signupAccount(
  ctx: Ctx,
  input: { email: string; password: string; name: string },
): Promise<SignupAccount> {
  const existing = await authUser(ctx, input.email)
  if (existing?.confirmed) return { kind: 'confirmed', id: existing.id }
  if (existing) {
    const { error } = await ctx.admin.auth.admin.updateUserById(existing.id, {
      password: input.password,
      user_metadata: { name: input.name },
    })
    if (error) return refusal(error) ?? Promise.reject(error)
  }
  const { data, error } = await ctx.admin.auth.admin.generateLink({
    type: 'signup',
    email: input.email,
    password: input.password,
    options: { data: { name: input.name } },
  })
  if (error) {
    if (error.code === 'email_exists') {
      const now = await authUser(ctx, input.email)
      if (now) return { kind: 'confirmed', id: now.id }
    }
    return refusal(error) ?? Promise.reject(error)
  }
  return { kind: 'ready', id: data.user.id, hashedToken: data.properties.hashed_token }
}

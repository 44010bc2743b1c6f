// Accounts with a member record of a given role, signed in through supabase-js, for the suites
// that check what each role may do through the host's APIs.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TestHost } from '../../helpers/host.ts'

export interface Member {
  id: string
  email: string
  password: string
  client: SupabaseClient
}

export function memberMaker(host: TestHost): (role: string) => Promise<Member> {
  const service = host.serviceClient()
  let n = 0
  return async (role) => {
    n += 1
    const email = `${role}-${n}-${randomUUID().slice(0, 8)}@services.test`
    const password = `pw-${randomUUID()}`
    const { data, error } = await service.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
    })
    if (error || !data.user) throw error ?? new Error('no user created')
    await host.db.query(
      `insert into public.members (id, email, name, role) values ($1, $2, $3, $4)`,
      [data.user.id, email, `${role} ${n}`, role],
    )
    const client = host.client()
    const signIn = await client.auth.signInWithPassword({ email, password })
    if (signIn.error) throw signIn.error
    return { id: data.user.id, email, password, client }
  }
}

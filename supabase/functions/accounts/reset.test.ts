// The reset request answers before the link is made and queued, so how long it takes cannot tell
// a known address from an unknown one (issue 29, item 10).
import { describe, expect, it } from 'vitest'
import type { Ctx } from './context.ts'
import { requestResetPassword } from './reset.ts'

/** Just the calls the request makes: the account lookup, and making the link. */
function ctxWithAccount(generateLink: () => Promise<unknown>): Ctx {
  return {
    admin: {
      rpc: async () => ({ data: [{ id: 'u-1', email: 'a@b.test' }], error: null }),
      auth: { admin: { generateLink } },
    },
  } as unknown as Ctx
}

describe('requestResetPassword', () => {
  it('answers a known address without waiting for its link', async () => {
    let started = false
    const never = () => {
      started = true
      return new Promise(() => {})
    }
    const answer = await requestResetPassword(ctxWithAccount(never), { email: 'a@b.test' })
    expect(answer.type).toBe('success')
    expect(started).toBe(true)
  })
})

import { FunctionsFetchError, FunctionsHttpError } from '@supabase/functions-js'
import { afterEach, describe, expect, it, vi } from 'vitest'

// Function calls with a fake supabase-js: which of them the loading bar counts, and what a
// warm-up does with its answer.
let answer: { data: unknown; error: unknown } = { data: null, error: null }
let release: () => void = () => undefined
const invoke = vi.fn(
  (_name: string, _options: { body: unknown }) =>
    new Promise<typeof answer>((resolve) => {
      release = () => resolve(answer)
    }),
)
vi.mock('./session', () => ({
  authClient: () => Promise.resolve({ functions: { invoke } }),
}))
vi.mock('../backend-address', () => ({ supabaseUrl: 'http://localhost', supabaseAnonKey: 'anon' }))
vi.stubGlobal('navigator', { onLine: true })

const { callFunction, warmUp } = await import('./actions')
const { backendCallsInFlight } = await import('../backend-activity')
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('edge function calls', () => {
  afterEach(() => {
    invoke.mockClear()
    vi.restoreAllMocks()
  })

  it('a call the person waits on is counted while it runs', async () => {
    answer = { data: { type: 'success', message: 'done' }, error: null }
    const call = callFunction('accounts', { action: 'initSignin', email: 'a@demo.school' })
    await settle()
    expect(backendCallsInFlight()).toBe(1)
    release()
    expect(await call).toEqual({ ok: true, body: { type: 'success', message: 'done' } })
    expect(backendCallsInFlight()).toBe(0)
  })

  it("an error answer gives the function's own JSON; no answer at all reads as offline", async () => {
    answer = {
      data: null,
      error: new FunctionsHttpError(
        Response.json({ type: 'error', message: 'Nope' }, { status: 400 }),
      ),
    }
    const refused = callFunction('accounts', { action: 'initSignin', email: 'a@demo.school' })
    await settle()
    release()
    expect(await refused).toEqual({
      ok: false,
      reason: 'server',
      body: { type: 'error', message: 'Nope' },
    })

    answer = { data: null, error: new FunctionsFetchError(new TypeError('Failed to fetch')) }
    const unreached = callFunction('accounts', { action: 'initSignin', email: 'a@demo.school' })
    await settle()
    release()
    expect(await unreached).toEqual({ ok: false, reason: 'offline', body: null })
  })

  it('a warm-up sends the warm-up flag in the background and only logs an error answer', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    answer = { data: { type: 'error', message: 'Not ready' }, error: null }
    const warm = warmUp('accounts')
    await settle()
    expect(invoke).toHaveBeenCalledWith('accounts', { body: { warmup: true }, timeout: 70_000 })
    expect(backendCallsInFlight()).toBe(0)
    release()
    await warm
    expect(log).toHaveBeenCalledWith('Warm-up of accounts did not succeed:', {
      type: 'error',
      message: 'Not ready',
    })
  })

  it('a warm-up that succeeds logs nothing', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    answer = { data: { type: 'success', message: 'ready' }, error: null }
    const warm = warmUp('accounts')
    await settle()
    release()
    await warm
    expect(log).not.toHaveBeenCalled()
  })
})

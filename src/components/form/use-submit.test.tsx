import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { useSubmit } from './use-submit'

/** An action the test finishes by hand, to look at the state while it runs. */
function pending<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useSubmit', () => {
  it.each([
    ['run', 'answers', undefined],
    ['run', 'is refused', 'The payment was not saved'],
    ['attempt', 'answers', undefined],
    ['attempt', 'is refused', 'The payment was not saved'],
  ] as const)('%s: busy while the call %s, and not after', async (how, _, refusal) => {
    const { result } = renderHook(() => useSubmit())
    const call = pending<string>()
    let done!: Promise<unknown>
    act(() => {
      done = result.current[how](() => call.promise).catch(() => undefined)
    })
    expect(result.current.busy).toBe(true)
    await act(async () => {
      if (refusal) call.reject(new Error(refusal))
      else call.resolve('ok')
      await done
    })
    expect(result.current.busy).toBe(false)
  })

  it('run gives back what the action answers, and lets a refusal reach the caller', async () => {
    const { result } = renderHook(() => useSubmit())
    await act(async () => {
      expect(await result.current.run(async () => 42)).toBe(42)
      await expect(
        result.current.run(async () => {
          throw new Error('Offline')
        }),
      ).rejects.toThrow('Offline')
    })
    expect(result.current.failure).toBeNull()
  })

  it('attempt shows why it was refused, and clears it when sent again', async () => {
    const { result } = renderHook(() => useSubmit())
    await act(() =>
      result.current.attempt(async () => {
        throw new Error('The student is already enrolled')
      }),
    )
    expect(result.current.failure).toBe('The student is already enrolled')
    const call = pending<void>()
    let done!: Promise<void>
    act(() => {
      done = result.current.attempt(() => call.promise)
    })
    expect(result.current.failure).toBeNull()
    await act(async () => {
      call.resolve()
      await done
    })
    expect(result.current.failure).toBeNull()
  })

  it('keeps the same run and attempt from render to render', () => {
    const { result, rerender } = renderHook(() => useSubmit())
    const { run, attempt } = result.current
    rerender()
    expect(result.current.run).toBe(run)
    expect(result.current.attempt).toBe(attempt)
  })
})

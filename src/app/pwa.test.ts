import { describe, expect, it } from 'vitest'
import { applyWaitingUpdate, checkForNewBuild } from './pwa'

// A stand-in for fetch that answers only what checkForNewBuild reads (ok and json), so it is not
// a whole Response and fetch's overloads do not match it without the double cast.
const answer = (body: unknown, ok = true) =>
  (async (url: string) => {
    expect(url).toMatch(/^\/builds\/latest\.json\?t=\d+$/)
    return { ok, json: async () => body } as Response
  }) as unknown as typeof fetch

describe('the hourly build check', () => {
  it.each([
    [{ id: 'b2' }, true, true],
    [{ id: 'b1' }, true, false],
    [{}, true, false],
    [{ id: 'b2' }, false, false],
  ])('latest %o (ok %s) against b1 means newer: %s', async (body, ok, newer) => {
    expect(await checkForNewBuild(answer(body, ok), 'b1')).toBe(newer)
  })

  it('treats a failed request (offline) as nothing new', async () => {
    // The same stand-in for fetch, one that fails as fetch does offline.
    const offline = (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof fetch
    expect(await checkForNewBuild(offline, 'b1')).toBe(false)
  })
})

describe('the next navigation', () => {
  it('hands control to a waiting build', () => {
    const sent: unknown[] = []
    const waiting = { postMessage: (m: unknown) => sent.push(m) } as unknown as ServiceWorker
    expect(applyWaitingUpdate({ waiting })).toBe(true)
    expect(sent).toEqual([{ type: 'SKIP_WAITING' }])
  })

  it('does nothing when no build is waiting or no worker is registered', () => {
    expect(applyWaitingUpdate({ waiting: null })).toBe(false)
    expect(applyWaitingUpdate(undefined)).toBe(false)
  })
})

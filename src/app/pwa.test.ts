import { describe, expect, it } from 'vitest'
import {
  applyWaitingUpdate,
  checkForNewBuild,
  TAKE_OVER_FALLBACK_MS,
  takeOverOrReload,
} from './pwa'

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

describe('a build that does not take over', () => {
  // A stand-in for the worker container and the clock: timers fire when the test says so.
  function harness() {
    const listeners = new Set<() => void>()
    const timers = new Map<number, { fn: () => void; ms: number }>()
    let next = 0
    let reloads = 0
    let online = true
    const deps = {
      container: {
        addEventListener: (type: string, fn: () => void) => {
          expect(type).toBe('controllerchange')
          listeners.add(fn)
        },
        removeEventListener: (_type: string, fn: () => void) => listeners.delete(fn),
      } as unknown as Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>,
      setTimer: (fn: () => void, ms: number) => {
        timers.set(++next, { fn, ms })
        return next
      },
      clearTimer: (id: number) => timers.delete(id),
      reload: () => reloads++,
      online: () => online,
    }
    return {
      goOffline: () => void (online = false),
      deps,
      timers,
      listeners,
      reloads: () => reloads,
      takeOver: () => [...listeners].forEach((fn) => fn()),
      elapse: () => [...timers.values()].forEach((t) => t.fn()),
    }
  }
  const waiting = { postMessage: () => {} } as unknown as ServiceWorker

  it('reloads the page when the waiting build has not taken over in time', () => {
    const h = harness()
    expect(takeOverOrReload({ waiting }, h.deps)).toBe(true)
    expect([...h.timers.values()].map((t) => t.ms)).toEqual([TAKE_OVER_FALLBACK_MS])
    expect(h.reloads()).toBe(0)
    h.elapse()
    expect(h.reloads()).toBe(1)
    expect(h.listeners.size).toBe(0)
  })

  it('does not reload when the device went offline before the fallback was due', () => {
    const h = harness()
    takeOverOrReload({ waiting }, h.deps)
    h.goOffline()
    h.elapse()
    expect(h.reloads()).toBe(0)
    expect(h.listeners.size).toBe(0)
  })

  it('leaves the reload to the takeover when it comes in time', () => {
    const h = harness()
    takeOverOrReload({ waiting }, h.deps)
    h.takeOver()
    expect(h.timers.size).toBe(0)
    expect(h.listeners.size).toBe(0)
    expect(h.reloads()).toBe(0)
  })

  it('waits for nothing when no build is waiting', () => {
    const h = harness()
    expect(takeOverOrReload({ waiting: null }, h.deps)).toBe(false)
    expect(h.timers.size).toBe(0)
    expect(h.listeners.size).toBe(0)
  })
})

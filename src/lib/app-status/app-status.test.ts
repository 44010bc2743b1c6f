import { describe, expect, it } from 'vitest'
import { compareVersions, versionChanged } from './version'
import {
  guardedReload,
  isChunkLoadError,
  RELOAD_GUARD_MS,
  reloadForChunk,
  reloadWhenOnline,
  takeChunkReloads,
} from './reload-guard'
import { isSlowConnection } from './network'

describe('versions', () => {
  it.each([
    ['1.0.54', '1.0.54', 0],
    ['1.0.54', '1.0.9', 1],
    ['1.0.9', '1.0.54', -1],
    ['1.1', '1.0.99', 1],
    ['2.0.0', '2', 0],
  ])('compare(%s, %s) = %s', (a, b, r) => expect(compareVersions(a, b)).toBe(r))

  it.each([
    ['1.0.55', true],
    ['1.0.53', true],
    ['1.0.54', false],
    [' 1.0.54 ', false],
    [null, false],
    ['', false],
  ])('published %s against running 1.0.54 changed: %s', (published, changed) => {
    expect(versionChanged(published, '1.0.54')).toBe(changed)
  })
})

describe('guarded reload', () => {
  const make = () => {
    const store = new Map<string, string>()
    let t = 1_000_000
    let reloads = 0
    return {
      deps: {
        now: () => t,
        storage: {
          getItem: (k: string) => store.get(k) ?? null,
          setItem: (k: string, v: string) => void store.set(k, v),
        },
        reload: () => void reloads++,
      },
      advance: (ms: number) => void (t += ms),
      reloads: () => reloads,
    }
  }

  it('reloads once, refuses again within 10 seconds, allows after', () => {
    const m = make()
    expect(guardedReload(m.deps)).toBe(true)
    m.advance(RELOAD_GUARD_MS - 1)
    expect(guardedReload(m.deps)).toBe(false)
    m.advance(1)
    expect(guardedReload(m.deps)).toBe(true)
    expect(m.reloads()).toBe(2)
  })

  it('never reloads while offline, and reloads once the connection is back', () => {
    const m = make()
    let online = false
    const listeners: (() => void)[] = []
    const events = {
      online: () => online,
      addEventListener: (_: 'online', listener: () => void) => void listeners.push(listener),
    }
    expect(guardedReload({ ...m.deps, online: () => false })).toBe(false)
    expect(reloadWhenOnline(m.deps, events)).toBe(false)
    expect(m.reloads()).toBe(0)
    expect(listeners).toHaveLength(1)
    online = true
    listeners[0]!()
    expect(m.reloads()).toBe(1)
    // Online, it reloads at once (within the loop guard's limits).
    m.advance(RELOAD_GUARD_MS)
    expect(reloadWhenOnline(m.deps, events)).toBe(true)
    expect(m.reloads()).toBe(2)
  })

  it('reloads once per failing chunk online, and offline only when the connection is back', () => {
    const m = make()
    let online = true
    const listeners: (() => void)[] = []
    const events = {
      online: () => online,
      addEventListener: (_: 'online', listener: () => void) => void listeners.push(listener),
    }
    const a = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')
    expect(reloadForChunk(a, m.deps, events)).toBe(true)
    m.advance(RELOAD_GUARD_MS)
    // The same chunk failing again after its reload: the person is told, no loop.
    expect(reloadForChunk(a, m.deps, events)).toBe(false)
    expect(m.reloads()).toBe(1)
    online = false
    const b = new TypeError('Failed to fetch dynamically imported module: http://x/assets/b.js')
    expect(reloadForChunk(b, m.deps, events)).toBe(false)
    expect(m.reloads()).toBe(1)
    online = true
    listeners[0]!()
    expect(m.reloads()).toBe(2)
  })

  it('marks every failed import for the router, so its lazy routes never reload by themselves', () => {
    const store = new Map<string, string>()
    const target = new EventTarget()
    takeChunkReloads(target as unknown as Window, {
      setItem: (k: string, v: string) => void store.set(k, v),
    })
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'),
    })
    target.dispatchEvent(event)
    expect(
      store.get(
        'tanstack_router_reload:Failed to fetch dynamically imported module: http://x/assets/a.js',
      ),
    ).toBe('1')
    // The error still reaches the route: the event is not cancelled.
    expect(event.defaultPrevented).toBe(false)
  })

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
  ])('recognises chunk errors: %s', (err, yes) => expect(isChunkLoadError(err)).toBe(yes))
})

describe('slow connection', () => {
  it.each([
    ['slow-2g', true],
    ['2g', true],
    ['3g', false],
    ['4g', false],
    [undefined, false],
  ])('%s is slow: %s', (t, slow) => expect(isSlowConnection({ effectiveType: t })).toBe(slow))

  // A08, decided: the measured round trip and throughput count too, at Chrome's 2g boundary.
  it.each([
    // What Chromium reported under 2g throttling (1,400 ms, 8,750 B/s): "3g" at 0.05 Mbit/s.
    [{ effectiveType: '3g', rtt: 1400, downlink: 0.05 }, true],
    [{ effectiveType: '3g', rtt: 300, downlink: 0.05 }, true],
    [{ effectiveType: '4g', rtt: 1400, downlink: 10 }, true],
    [{ effectiveType: '3g', rtt: 1375, downlink: 0.075 }, false],
    [{ effectiveType: '3g', rtt: 1399, downlink: 0.07 }, true],
    [{ effectiveType: '4g', rtt: 50, downlink: 10 }, false],
    // Unknown measurements (0) say nothing.
    [{ effectiveType: '4g', rtt: 0, downlink: 0 }, false],
    [{}, false],
  ])('%o is slow: %s', (report, slow) => expect(isSlowConnection(report)).toBe(slow))
})

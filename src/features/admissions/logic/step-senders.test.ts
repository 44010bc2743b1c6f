import { describe, expect, it } from 'vitest'
import {
  defaultCc,
  defaultSender,
  cachedSenders,
  cacheSenders,
  SENDERS_STORAGE_KEY,
} from './step-senders'
import { senders } from './step-fixtures'

describe('who a step’s e-mail is from and to (O05, O07)', () => {
  it('starts with the member’s own account, else Team, else the first; the office in copy', () => {
    expect(defaultSender(senders.senders, 'meera')).toBe('meera')
    expect(defaultSender(senders.senders, null)).toBe('team')
    expect(defaultSender(senders.senders.slice(1), 'nobody')).toBe('admissions')
    expect(defaultSender([], 'meera')).toBe('')
    expect(defaultCc(senders.senders)).toBe('admissions@centre.in')
    expect(defaultCc(senders.senders.slice(0, 1))).toBe('')
  })

  it('keeps the last answer for this member only, so the dialog works offline', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(cachedSenders(storage, 'u1')).toBeNull()
    cacheSenders(storage, 'u1', senders)
    expect(store.has(SENDERS_STORAGE_KEY)).toBe(true)
    expect(cachedSenders(storage, 'u1')).toEqual(senders)
    expect(cachedSenders(storage, 'u2')).toBeNull()
    store.set(SENDERS_STORAGE_KEY, '{not json')
    expect(cachedSenders(storage, 'u1')).toBeNull()
    expect(cachedSenders(null, 'u1')).toBeNull()
  })
})

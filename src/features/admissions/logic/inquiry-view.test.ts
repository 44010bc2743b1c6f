import { describe, expect, it } from 'vitest'
import { ageText, storedTab, storeTab, TAB_STORAGE_KEY } from './inquiry-view'

describe('the Pre-Admission pane on this device', () => {
  it('H04: remembers the chosen tab, and starts on Initial Inquiry otherwise', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(storedTab(storage)).toBe('initialInquiry')
    storeTab(storage, 'trial')
    expect(store.get(TAB_STORAGE_KEY)).toBe('trial')
    expect(storedTab(storage)).toBe('trial')
    store.set(TAB_STORAGE_KEY, 'xyz')
    expect(storedTab(storage)).toBe('initialInquiry')
    expect(storedTab(null)).toBe('initialInquiry')
  })

  it('shows a child’s age in years and months', () => {
    expect(ageText('2019-11-26', '2026-11-26')).toBe('7y 0m')
    expect(ageText('2021-02-15', '2026-11-26')).toBe('5y 9m')
    expect(ageText('2021-09-27', '2026-11-26')).toBe('5y 1m')
    expect(ageText(null, '2026-11-26')).toBe('')
    expect(ageText('not a date', '2026-11-26')).toBe('')
  })
})

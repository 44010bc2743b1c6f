import { describe, expect, it } from 'vitest'
import { uuidv7 } from './ids.ts'

describe('uuidv7', () => {
  it('is a version 7, variant 10 UUID whose first 48 bits are the time', () => {
    const id = uuidv7(0x0190_1234_5678)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(id.replace(/-/g, '').slice(0, 12)).toBe('019012345678')
  })
  it('sorts by creation time and does not repeat', () => {
    const ids = [uuidv7(1000), uuidv7(2000), uuidv7(3000)]
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7())).size).toBe(1000)
  })
})

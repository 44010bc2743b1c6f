import { describe, expect, it } from 'vitest'
import { dayHoursBySet } from './day-hours'

describe('dayHoursBySet', () => {
  it('spans the first start to the last end of each timing set, in any order', () => {
    expect(
      dayHoursBySet([
        { timing: '10:15 - 11:00', set: 1 },
        { timing: '09:30 - 10:15', set: 1 },
        { timing: '14:15 - 15:00', set: 1 },
        { timing: '09:45 - 10:30', set: 2 },
        { timing: '14:30 - 15:30', set: 2 },
      ]),
    ).toEqual({ 1: '09:30 – 15:00', 2: '09:45 – 15:30' })
  })
  it('has nothing for a set without timings', () => {
    expect(dayHoursBySet([])).toEqual({})
  })
})

import { describe, expect, it } from 'vitest'
import { tripsOnDay, type WeekTrip } from './week-trips'

const trips: WeekTrip[] = [
  { title: 'Spice farm', startDate: '2026-12-03', endDate: '2026-12-04', groupIds: ['g1', 'g2'] },
  { title: 'Museum', startDate: '2026-12-04', endDate: '2026-12-04', groupIds: ['g3'] },
]
const jaul = { id: 'g1', name: 'Jaul' }
const tanni = { id: 'g2', name: 'Tanni' }

describe('tripsOnDay', () => {
  it('names a trip on each day from its start to its end, for its groups only', () => {
    expect(tripsOnDay(trips, '2026-12-02', [jaul], false)).toEqual([])
    expect(tripsOnDay(trips, '2026-12-03', [jaul], false)).toEqual(['Field trip: Spice farm'])
    expect(tripsOnDay(trips, '2026-12-04', [jaul], false)).toEqual(['Field trip: Spice farm'])
    expect(tripsOnDay(trips, '2026-12-05', [jaul], false)).toEqual([])
    expect(tripsOnDay(trips, '2026-12-04', [{ id: 'g9', name: 'Other' }], false)).toEqual([])
  })

  it('names the group of each trip on a week across several groups, once per trip without it', () => {
    expect(tripsOnDay(trips, '2026-12-04', [jaul, tanni], true)).toEqual([
      'Field trip: Spice farm (Jaul)',
      'Field trip: Spice farm (Tanni)',
    ])
    expect(tripsOnDay(trips, '2026-12-04', [jaul, tanni], false)).toEqual([
      'Field trip: Spice farm',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { collectionsFor, type AppRole } from '../schema.ts'
import { collections } from './index.ts'

// Which collections each role's devices open and replicate (core.md §6, operations.md §6).
const names = (role: AppRole | null) => collectionsFor(collections, role).map((d) => d.name)

describe('collections per role', () => {
  it.each([
    ['admin', ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items', 'whatsapp']],
    [
      'administration',
      ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items', 'whatsapp'],
    ],
    [
      'admission',
      ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items', 'whatsapp'],
    ],
    ['facilitator', ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items']],
    ['guardian', ['reference', 'topics']],
    ['student', ['reference', 'topics']],
    ['member', ['reference', 'topics']],
  ] as const)('%s opens %j', (role, expected) => {
    expect(names(role)).toEqual(expected)
  })

  it('a person without a role opens nothing', () => {
    expect(names(null)).toEqual([])
  })
})

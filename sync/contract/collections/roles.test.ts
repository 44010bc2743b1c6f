import { describe, expect, it } from 'vitest'
import { collectionsFor, type AppRole } from '../schema.ts'
import { collections } from './index.ts'

// Which collections each role's devices open and replicate (core.md §6, operations.md §6).
const names = (role: AppRole | null) => collectionsFor(collections, role).map((d) => d.name)

const staff = ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items']

describe('collections per role', () => {
  it.each([
    ['admin', [...staff, 'whatsapp', 'inquiries', 'families', 'students', 'payments']],
    ['administration', [...staff, 'whatsapp', 'inquiries', 'families', 'students', 'payments']],
    ['admission', [...staff, 'whatsapp', 'inquiries', 'families', 'students', 'payments']],
    ['facilitator', staff],
    [
      'guardian',
      ['reference', 'topics', 'timetables', 'lesson_items', 'families', 'students', 'payments'],
    ],
    ['student', ['reference', 'topics', 'timetables', 'lesson_items', 'students']],
    ['member', ['reference', 'topics']],
  ] as const)('%s opens %j', (role, expected) => {
    expect(names(role)).toEqual(expected)
  })

  it('a person without a role opens nothing', () => {
    expect(names(null)).toEqual([])
  })
})

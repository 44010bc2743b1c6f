import { describe, expect, it } from 'vitest'
import { collectionsFor, type AppRole } from '../schema.ts'
import { collections } from './index.ts'

// Which collections each role's devices open and replicate (core.md §6, operations.md §6).
const names = (role: AppRole | null) => collectionsFor(collections, role).map((d) => d.name)

const staff = ['reference', 'topics', 'facilitators', 'timetables', 'lesson_items']
const office = [...staff, 'whatsapp', 'inquiries', 'families', 'students', 'payments']

describe('collections per role', () => {
  it.each([
    ['admin', [...office, 'feedback', 'gatherings']],
    ['administration', [...office, 'feedback', 'gatherings']],
    ['admission', [...office, 'feedback', 'gatherings']],
    ['facilitator', [...staff, 'feedback', 'gatherings']],
    [
      'guardian',
      [
        'reference',
        'topics',
        'timetables',
        'lesson_items',
        'families',
        'students',
        'payments',
        'feedback',
        'gatherings',
      ],
    ],
    ['student', ['reference', 'topics', 'timetables', 'lesson_items', 'students', 'feedback']],
    ['member', ['reference', 'topics']],
  ] as const)('%s opens %j', (role, expected) => {
    expect(names(role)).toEqual(expected)
  })

  it('a person without a role opens nothing', () => {
    expect(names(null)).toEqual([])
  })
})

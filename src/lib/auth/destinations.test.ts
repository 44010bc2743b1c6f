import { describe, expect, it } from 'vitest'
import { DEFAULT_SIGNED_IN_PATH, homePathFor } from './destinations'

describe('homePathFor', () => {
  it.each([
    ['admin', '/admin/dash/members'],
    ['admission', '/administration/dash'],
    ['administration', '/administration/dash'],
    ['facilitator', '/facilitators/dash'],
    ['guardian', '/parents/dash'],
    ['student', '/students/dash'],
    ['member', DEFAULT_SIGNED_IN_PATH],
    [null, DEFAULT_SIGNED_IN_PATH],
  ] as const)('%s lands on %s', (role, path) => {
    expect(homePathFor({ role })).toBe(path)
  })
})

import { describe, expect, it } from 'vitest'
import {
  dashboardPathFor,
  DEFAULT_SIGNED_IN_PATH,
  FACILITATORS_DASH,
  homePathFor,
  PARENTS_DASH,
} from './destinations'

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

describe('"Go to your dashboard"', () => {
  const parentFacilitator = { role: 'guardian' as const, isParentFacilitator: true }
  it.each([
    [null, PARENTS_DASH],
    [PARENTS_DASH, PARENTS_DASH],
    [FACILITATORS_DASH, FACILITATORS_DASH],
    ['/admin/dash/members', PARENTS_DASH],
  ])('leads a parent who facilitates, last on %s, to %s', (last, expected) => {
    expect(dashboardPathFor(parentFacilitator, last)).toBe(expected)
  })
  it("leads everyone else to their role's dashboard, whatever was opened last", () => {
    expect(
      dashboardPathFor({ role: 'guardian', isParentFacilitator: false }, FACILITATORS_DASH),
    ).toBe(PARENTS_DASH)
    expect(
      dashboardPathFor({ role: 'facilitator', isParentFacilitator: false }, PARENTS_DASH),
    ).toBe(FACILITATORS_DASH)
    expect(dashboardPathFor({ role: 'student', isParentFacilitator: false }, null)).toBe(
      '/students/dash',
    )
  })
})

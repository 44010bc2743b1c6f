import { describe, expect, it } from 'vitest'
import { MEMBER_FILTERS, MEMBER_SORTS, pageLabel, roleLabel } from './members'

describe('member list', () => {
  it('offers the spec filters and sorts in order', () => {
    expect(MEMBER_FILTERS.map((f) => f.label)).toEqual([
      'All',
      'Guardians',
      'Students',
      'Facilitators',
      'Administration',
      'Blocked',
    ])
    expect(MEMBER_SORTS.map((s) => s.value)).toEqual(['name', 'newest', 'frequent'])
  })
  it.each([
    [0, 15, 42, '1-15 of 42'],
    [15, 15, 42, '16-30 of 42'],
    [30, 12, 42, '31-42 of 42'],
    [0, 0, 0, '0 of 0'],
  ])('offset %i showing %i of %i reads %s', (offset, shown, total, label) => {
    expect(pageLabel(offset, shown, total)).toBe(label)
  })
  it.each([
    ['facilitator', 'admin', 'Facilitator admin'],
    ['guardian', 'pf', 'Parent facilitator'],
    ['member', null, 'Member'],
    ['admission', null, 'Admission'],
  ])('%s with %s is shown as %s', (role, extra, label) =>
    expect(roleLabel(role, extra)).toBe(label),
  )
})

import { describe, expect, it } from 'vitest'
import {
  adminNav,
  administrationNav,
  administrationTitles,
  builtOnly,
  facilitatorNav,
  parentsNav,
  PARENTS_DEFAULT_PANE,
} from './model'

const labels = (items: { label: string }[]) => items.map((i) => i.label)

describe('admin navigation', () => {
  it('lists the nine panes in order with their routes', () => {
    expect(adminNav().map((i) => [i.label, i.to])).toEqual([
      ['Members', '/admin/dash/members'],
      ['Files', '/admin/dash/files'],
      ['Scheduled Tasks', '/admin/dash/tasks'],
      ['System Errors', '/admin/dash/errors'],
      ['Warnings', '/admin/dash/warnings'],
      ['Node Mailer', '/admin/dash/nodemailer'],
      ['WhatsApp', '/admin/dash/whatsapp'],
      ['Feedback', '/admin/dash/feedback'],
      ['Facilitators', '/admin/dash/facilitators'],
    ])
  })
})

describe('administration navigation', () => {
  const all = [
    'Pre-Admission',
    'Families',
    'Students',
    'Reminders',
    'Meetings',
    'Events',
    'Payments',
    'Accounting',
    'Archive',
  ]
  it.each([
    [false, all],
    [true, all.slice(3)],
  ])('mobile=%s shows %o', (isMobile, expected) => {
    expect(labels(administrationNav({ isMobile }))).toEqual(expected)
  })
  it('opens on inquiries with the spec titles', () => {
    expect(administrationNav({ isMobile: false })[0]).toMatchObject({
      key: 'administration.inquiries',
      to: '/administration/dash',
    })
    expect(administrationTitles).toEqual({
      page: 'Pre-Admission',
      navigation: 'Administration Dashboard',
    })
  })
})

describe('facilitator navigation', () => {
  const base = [
    'Lessons',
    'Groups',
    'Students',
    'Assignments',
    'Resources',
    'Absences',
    'Feedback',
    'Meetings',
    'Events',
    'Notes',
  ]
  it.each([
    [{ isMobile: false, hasTrials: false, isFacilitatorAdmin: true }, [...base, 'Mixed Groups']],
    [{ isMobile: false, hasTrials: false, isFacilitatorAdmin: false }, base],
    [
      { isMobile: false, hasTrials: true, isFacilitatorAdmin: true },
      [
        'Lessons',
        'Groups',
        'Students',
        'Trials',
        'Assignments',
        'Resources',
        'Absences',
        'Feedback',
        'Meetings',
        'Events',
        'Notes',
        'Mixed Groups',
      ],
    ],
    [
      { isMobile: false, hasTrials: true, isFacilitatorAdmin: false },
      [
        'Lessons',
        'Groups',
        'Students',
        'Trials',
        'Assignments',
        'Resources',
        'Absences',
        'Feedback',
        'Meetings',
        'Events',
        'Notes',
      ],
    ],
    [{ isMobile: true, hasTrials: false, isFacilitatorAdmin: false }, base.slice(2)],
    [
      { isMobile: true, hasTrials: false, isFacilitatorAdmin: true },
      [...base.slice(2), 'Mixed Groups'],
    ],
    [
      { isMobile: true, hasTrials: true, isFacilitatorAdmin: true },
      [
        'Students',
        'Trials',
        'Assignments',
        'Resources',
        'Absences',
        'Feedback',
        'Meetings',
        'Events',
        'Notes',
        'Mixed Groups',
      ],
    ],
    [
      { isMobile: true, hasTrials: true, isFacilitatorAdmin: false },
      [
        'Students',
        'Trials',
        'Assignments',
        'Resources',
        'Absences',
        'Feedback',
        'Meetings',
        'Events',
        'Notes',
      ],
    ],
  ])('%o gives %o', (input, expected) => {
    expect(labels(facilitatorNav(input))).toEqual(expected)
  })
})

describe('parents navigation', () => {
  it('has Home, Payments, Feedback and opens on Home', () => {
    expect(labels(parentsNav())).toEqual(['Home', 'Payments', 'Feedback'])
    expect(parentsNav()[0]?.pane).toBe(PARENTS_DEFAULT_PANE)
  })
})

describe('builtOnly', () => {
  it('hides items whose screen is not built, keeping the order', () => {
    const items = adminNav()
    expect(labels(builtOnly(items, new Set(['admin.warnings', 'admin.members'])))).toEqual([
      'Members',
      'Warnings',
    ])
    expect(builtOnly(items, new Set())).toEqual([])
  })
})

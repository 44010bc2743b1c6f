import { describe, expect, it } from 'vitest'
import {
  canToggleFacilitator,
  describeDevice,
  emailSendingAction,
  isFacilitatorMember,
  memberState,
  MEMBER_FILTERS,
  MEMBER_SORTS,
  PAGE_SIZES,
  overviewItems,
  roleLabel,
} from './members'
import { pageLabel } from '@/components/lists/pager'

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

describe('admin counts', () => {
  const overview = {
    paginationLimit: 15,
    members: {
      memberCount: 11,
      guardians: 3,
      students: 1,
      facilitators: 3,
      administration: 3,
      members: 2,
      blocked: 1,
    },
    accounts: { users: 12, unverified: 1 },
    facilitatorsAll: 4,
    scheduledTasks: 3,
    feedback: 7,
    feedbackReady: 2,
    meetings: 4,
    functionErrors: 0,
    systemWarnings: 2,
    backendEmails: 5,
    emailsFailed: 1,
    emailsQueued: 2,
    mailServer: true,
    emailTypes: { Inquiry: 0, Members: 5 },
  }

  it('lists people first, then the system and e-mail counts, and the e-mails per type', () => {
    const { people, system, emailTypes } = overviewItems(overview)
    expect(people.map((c) => [c.label, c.value])).toEqual([
      ['Members', 11],
      ['Guardians', 3],
      ['Students', 1],
      ['Facilitators', 3],
      ['Administration', 3],
      ['Without a role', 2],
      ['Blocked', 1],
      ['E-mail not confirmed', 1],
      ['Accounts not registered', 1],
      ['Facilitators listed', 4],
    ])
    expect(system.map((c) => [c.label, c.value])[0]).toEqual(['Scheduled tasks', 3])
    expect(system.map((c) => [c.label, c.value]).slice(1, 5)).toEqual([
      ['Feedback', 7],
      ['Feedback to release', 2],
      ['Meetings', 4],
      // A server without events says nothing of them: none.
      ['Events', 0],
    ])
    expect(system.map((c) => c.label)).toEqual([
      'Scheduled tasks',
      'Feedback',
      'Feedback to release',
      'Meetings',
      'Events',
      'System errors',
      'Warnings',
      'E-mails',
      'E-mails waiting',
      'E-mails failed',
    ])
    expect(emailTypes).toEqual([
      { label: 'Inquiry', value: 0 },
      { label: 'Members', value: 5 },
    ])
  })

  it('marks errors, warnings and failed e-mails only when there are some', () => {
    const flagged = overviewItems(overview)
      .system.filter((c) => c.attention)
      .map((c) => c.label)
    expect(flagged).toEqual(['Warnings', 'E-mails failed'])
  })

  it('says plainly that no mail server is set up, and flags the e-mails that wait for one', () => {
    expect(overviewItems(overview).mailWarning).toBeNull()
    expect(overviewItems({ ...overview, mailServer: null }).mailWarning).toBeNull()
    const none = overviewItems({ ...overview, emailsQueued: 16, mailServer: false })
    expect(none.mailWarning).toBe(
      "No mail server is set up, so no e-mail is sent: 16 e-mails wait in the queue and go out once one is. Set SMTP_URL where the app's server starts (on Supabase, the function secret SMTP_URL).",
    )
    expect(none.system.find((c) => c.label === 'E-mails waiting')).toEqual({
      label: 'E-mails waiting',
      value: 16,
      attention: true,
    })
  })

  it('offers page sizes the server accepts, including the default 15', () => {
    expect(PAGE_SIZES).toContain(15)
    expect(PAGE_SIZES.every((n) => n >= 5 && n <= 100)).toBe(true)
  })
})

describe('member tools', () => {
  it.each([
    ['facilitator', null, true, true],
    ['guardian', 'pf', true, true],
    ['guardian', null, false, true],
    ['member', null, false, true],
    ['student', null, false, false],
    ['administration', null, false, false],
    ['admin', null, false, false],
  ])('%s with %s: facilitator %s, can be toggled %s', (role, extra, facilitator, toggle) => {
    expect(isFacilitatorMember(role, extra)).toBe(facilitator)
    expect(canToggleFacilitator(role)).toBe(toggle)
  })

  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge on Windows',
    ],
    ['node', 'node'],
    [null, 'Unknown device'],
  ])('describes %s as %s', (ua, label) => {
    expect(describeDevice(ua)).toBe(label)
  })
})

describe('memberState', () => {
  it.each([
    ['verified', true, 'Active'],
    ['verified', false, 'E-mail not confirmed'],
    ['verified', null, 'No sign-in account'],
    ['blocked', true, 'Blocked'],
    ['blocked', false, 'Blocked'],
  ] as const)('%s with e-mail confirmed %s reads %s', (status, confirmed, label) => {
    expect(memberState({ status, email_confirmed: confirmed }).label).toBe(label)
  })
})

describe('e-mail sending (O09)', () => {
  it('offers the switch for office staff only, and none for the accounts that always send', () => {
    expect(emailSendingAction({ role: 'guardian', email_sending: true })).toBeNull()
    expect(emailSendingAction({ role: 'facilitator', email_sending: true })).toBeNull()
    expect(emailSendingAction({ role: 'admin', email_sending: true })).toEqual({
      label: 'Turn e-mail sending off',
      enable: false,
      disabled: false,
    })
    expect(emailSendingAction({ role: 'administration', email_sending: false })).toEqual({
      label: 'Turn e-mail sending on',
      enable: true,
      disabled: false,
    })
    expect(
      emailSendingAction({ role: 'admission', email_sending: true, email_sending_forced: true }),
    ).toEqual({ label: 'E-mail sending is always on', enable: true, disabled: true })
  })
})

import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import { SyncNotices } from '@/db/sync-notices'
import type { AppDatabase } from '@sync/engine/database'
import { syncStatusText } from './sync-status'

const admin = testMember({ role: 'admin', userId: 'u-notices' })

describe('the sync indicator words', () => {
  it.each([
    [0, 0, false, 'Syncing…', 'Syncing…'],
    [0, 0, true, 'Synced', 'Synced'],
    [1, 0, true, '1 change not synced', '1 not synced'],
    [12, 3, true, '12 changes not synced', '12 not synced'],
    [0, 1, true, '1 change needs attention', '1 needs attention'],
    [0, 2, true, '2 changes need attention', '2 need attention'],
  ])(
    '%i pending, %i notices, synced %s: “%s”, on a phone “%s”',
    (pending, problems, synced, full, short) => {
      expect(syncStatusText(pending, problems, synced)).toEqual({ full, short })
    },
  )
})

describe('sync status in the header', () => {
  it('lists refused and replaced changes with their reasons until dismissed, across reloads', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    // What the sync engine recorded on this device earlier (kept in localStorage).
    const notices = new SyncNotices(admin.userId)
    notices.addRefused([
      {
        collection: 'reference',
        id: 'rc-1',
        reason: 'You are not allowed to make this change to reference.',
        at: Date.now(),
      },
    ])
    notices.addLost({
      collection: 'reference',
      id: 'rs-maths',
      at: Date.now(),
      mine: { id: 'rs-maths', data: { name: 'Maths (mine)' } },
      theirs: { id: 'rs-maths', data: { name: 'Mathematics' } },
      kept: { id: 'rs-maths', data: { name: 'Mathematics' } },
    })
    await renderApp({ path: '/admin/dash/settings', member: admin })
    const badge = await screen.findByTestId('sync-status')
    expect(badge).toHaveTextContent('2 changes need attention')
    await userEvent.click(badge)
    const items = await screen.findAllByTestId('sync-notice')
    expect(items[0]).toHaveTextContent(
      'Not saved (reference): You are not allowed to make this change to reference.',
    )
    expect(items[1]).toHaveTextContent('your “Maths (mine)” was replaced by “Mathematics”')
    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Dismiss', hidden: true }))
    expect(await screen.findAllByTestId('sync-notice')).toHaveLength(1)
    expect(JSON.parse(localStorage.getItem(`app.sync.notices.${admin.userId}`)!)).toHaveLength(1)
  })

  it("names the lesson and the lost topic when a week merge kept the other facilitator's edit", async () => {
    setViewportWidth(1280)
    localStorage.clear()
    const facilitator = testMember({ role: 'facilitator', userId: 'u-lesson', facilitatorId: 'f1' })
    new SyncNotices(facilitator.userId).addLost({
      collection: 'timetables',
      id: 'wk_2026_48_rg-tanni',
      at: Date.now(),
      mine: {},
      theirs: {},
      kept: {},
      details: [
        {
          sessionId: 's4',
          day: 'wednesday',
          timingId: 't4',
          subjectId: null,
          groupName: 'Tanni',
          weekKey: '2026_48',
          mine: { topic: 'Seeds', subtopic: null },
          kept: { topic: 'Plants', subtopic: null },
        },
      ],
    })
    await renderApp({ path: '/facilitators/dash?pane=groups', member: facilitator })
    await userEvent.click(await screen.findByTestId('sync-status'))
    expect(await screen.findByTestId('sync-notice')).toHaveTextContent(
      'Tanni, Wednesday (week 48): your topic “Seeds” was replaced by “Plants”.',
    )
  })

  it('names the field and both values when a family, student or inquiry merge kept the other change (issue 30)', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    const clerk = testMember({ role: 'administration', userId: 'u-field' })
    new SyncNotices(clerk.userId).addLost({
      collection: 'families',
      id: 'demo-family-fernandes',
      at: Date.now(),
      mine: { id: 'demo-family-fernandes', name: 'Fernandes' },
      theirs: { id: 'demo-family-fernandes', name: 'Fernandes' },
      kept: { id: 'demo-family-fernandes', name: 'Fernandes' },
      details: [{ field: 'guardian 1 › occupation', mine: 'Teacher', kept: 'Principal' }],
    })
    await renderApp({ path: '/admin/dash/settings', member: clerk })
    await userEvent.click(await screen.findByTestId('sync-status'))
    expect(await screen.findByTestId('sync-notice')).toHaveTextContent(
      'Replaced by another change (families, Fernandes) — guardian 1 › occupation: your “Teacher” was replaced by “Principal”.',
    )
  })

  it('offers to keep a fee recorded twice as a second instalment, or to drop it (issue 30)', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    const clerk = testMember({ role: 'administration', userId: 'u-twice' })
    const reason =
      'November 2026 (Monthly Fee) for Tiago Fernandes is already recorded by Savio Pereira on 28 Nov 2026, ' +
      'receipt 2026-27/0005: keep both as two instalments, or drop yours.'
    const mine = {
      id: 'pay-mine',
      family_id: 'demo-family-fernandes',
      student_id: 'st-tiago',
      kind: 'fee',
      status: 'recorded',
      receipt_number: null,
      data: {
        paymentType: 'Monthly Fee',
        paymentOption: 'Cash',
        period: {
          key: '2026-27/month/2026-11',
          label: 'November 2026',
          months: 1,
          start: '2026-11-01',
          end: '2026-11-30',
        },
        feeYear: '2026-27',
        receivedFrom: 'Maria Fernandes',
        amount: 8000,
        paymentDate: '2026-11-27',
        familyName: 'Fernandes',
        sendEmail: true,
      },
    }
    const notices = new SyncNotices(clerk.userId)
    notices.addRefused([
      { collection: 'payments', id: 'pay-mine', reason, mine, at: Date.now() },
      {
        collection: 'payments',
        id: 'pay-other',
        reason,
        mine: { ...mine, id: 'pay-other' },
        at: Date.now(),
      },
    ])
    let db: AppDatabase | undefined
    await renderApp({
      path: '/admin/dash/settings',
      member: clerk,
      seed: async (d) => {
        db = d
      },
    })
    await userEvent.click(await screen.findByTestId('sync-status'))
    const items = await screen.findAllByTestId('sync-notice')
    expect(items[0]).toHaveTextContent(`Not saved (payments): ${reason}`)
    await userEvent.click(
      within(items[0]!).getByRole('button', { name: 'Keep both as two instalments', hidden: true }),
    )
    // Recorded again as a new payment, marked as an instalment; the server numbers it.
    await waitFor(async () => {
      const rows = await db!.payments.find().exec()
      expect(rows.map((r) => r.toJSON())).toEqual([
        expect.objectContaining({
          student_id: 'st-tiago',
          status: 'recorded',
          data: expect.objectContaining({ amount: 8000, instalment: true }),
        }),
      ])
      expect(rows[0]!.id).not.toBe('pay-mine')
    })
    const left = await screen.findAllByTestId('sync-notice')
    expect(left).toHaveLength(1)
    await userEvent.click(within(left[0]!).getByRole('button', { name: 'Drop mine', hidden: true }))
    await waitFor(() => expect(screen.queryAllByTestId('sync-notice')).toHaveLength(0))
    expect(await db!.payments.count().exec()).toBe(1)
  })

  it('says it in short words on a phone and in full in its label', async () => {
    setViewportWidth(360)
    localStorage.clear()
    const member = testMember({ role: 'admin', userId: 'u-narrow' })
    new SyncNotices(member.userId).addRefused([
      { collection: 'reference', id: 'rc-1', reason: 'Not allowed.', at: Date.now() },
    ])
    await renderApp({ path: '/admin/dash/settings', member })
    expect(await screen.findByTestId('sync-status')).toHaveTextContent(/^1 needs attention$/)
    expect(
      screen.getByRole('button', {
        name: 'Sync status: 1 needs attention (1 change needs attention)',
      }),
    ).toBeInTheDocument()
  })
})

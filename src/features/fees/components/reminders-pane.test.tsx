import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AppDatabase } from '@sync/engine/database'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { LastReminder } from '../logic/last-reminder'

// The server's answers (the sender account, the webmail call, the last reminders) are given
// here; the families, students and tariffs are on the in-memory device database as in the browser.
const server = vi.hoisted(() => ({
  last: new Map<string, LastReminder>(),
  sent: [] as {
    recipients: string[]
    email_trigger?: string
    html_body?: string
    attachments?: { filename: string; cid?: string; contentType: string }[]
  }[],
  reloads: 0,
}))
vi.mock('@/features/mailer/hooks/use-webmail', async (importActual) => ({
  ...(await importActual<typeof import('@/features/mailer/hooks/use-webmail')>()),
  useSenders: () => ({
    data: {
      senders: [
        {
          key: 'savio',
          display_name: 'Savio Pereira',
          address: 'savio@demo.school',
          is_admissions_office: false,
        },
      ],
      mine: 'savio',
      may_send: true,
      always: false,
    },
    error: null,
    reload: () => {},
  }),
  sendWebmail: async (args: { recipients: string[]; email_trigger?: string }) => {
    server.sent.push(args)
    server.last.set(args.recipients[0] === 'rohini@example.com' ? 'fam-naik' : 'fam-shah', {
      familyId: 'fam-naik',
      sentAt: new Date().toISOString(),
      sentBy: 'Savio Pereira',
      status: 'queued',
    })
    return { ok: true, data: { type: 'success', message: 'Reminder queued' } }
  },
}))
vi.mock('@/lib/bank-details', () => ({
  useBankDetails: () => ({
    usable: {
      accountName: 'Banyan Tree Learning Trust',
      accountNumber: '6012345678',
      ifsc: 'IDIB000A123',
      bankName: 'Indian Bank',
      branch: 'Mapusa',
    },
    stored: {},
    error: null,
    reload: () => {},
  }),
}))
vi.mock('../hooks/use-last-reminders', () => ({
  useLastReminders: () => ({
    byFamily: new Map(server.last),
    problem: null,
    reload: () => {
      server.reloads += 1
    },
  }),
}))

const staff = testMember({ role: 'administration', name: 'Savio Pereira' })

const family = (id: string, name: string, first: string) => ({
  id,
  status: 'enrolled' as const,
  name,
  data: {
    guardians: [
      {
        parentUUID: `${id}-g1`,
        firstName: first,
        lastName: name,
        email: `${first.toLowerCase()}@example.com`,
      },
    ],
  },
})
const student = (id: string, familyId: string, name: string) => ({
  id,
  family_id: familyId,
  contact_id: null,
  group_id: 'g-sun',
  status: 'active' as const,
  name,
  fee_tariff_id: null,
  enrolment: { startDate: '2025-06-02' },
  data: { firstName: name.split(' ')[0]! },
})

async function seed(db: AppDatabase) {
  await db.reference.bulkInsert([
    {
      id: 'g-sun',
      kind: 'group',
      data: { name: 'Sunflowers', timingSet: 1, status: 'active', feeTariffId: 't-std' },
    },
    { id: 't-std', kind: 'fee_tariff', data: { name: 'Standard', amount: 14500 } },
  ])
  await db.families!.bulkInsert([
    family('fam-naik', 'Naik', 'Rohini'),
    family('fam-shah', 'Shah', 'Kavya'),
  ])
  await db.students.bulkInsert([
    student('st-ira', 'fam-naik', 'Ira Naik'),
    student('st-dev', 'fam-shah', 'Dev Shah'),
  ])
}

/** An hour ago, or the centre's midnight (Asia/Kolkata) if that was later: a moment of today. */
const earlierToday = () => {
  const now = Date.now()
  const day = 24 * 60 * 60 * 1000
  const offset = 330 * 60 * 1000
  const midnight = Math.floor((now + offset) / day) * day - offset
  return new Date(Math.max(now - 60 * 60 * 1000, midnight)).toISOString()
}

describe('the Reminders pane', () => {
  it('shows when each family was last reminded and by whom, and asks before a second within a day', async () => {
    server.last = new Map([
      [
        'fam-naik',
        { familyId: 'fam-naik', sentAt: earlierToday(), sentBy: 'Anita Desai', status: 'queued' },
      ],
    ])
    server.sent = []
    setViewportWidth(1280)
    await renderApp({ path: '/administration/dash?pane=reminders', member: staff, seed })
    const list = await screen.findByRole('list', { name: 'Families with a fee due' })
    const naik = within(list).getByText('Naik family').closest('[role="listitem"]') as HTMLElement
    const shah = within(list).getByText('Shah family').closest('[role="listitem"]') as HTMLElement
    expect(within(naik).getByTestId('last-reminder')).toHaveTextContent(
      /^Last reminder today \d\d:\d\d by Anita Desai · waiting to be sent$/,
    )
    expect(within(shah).getByTestId('last-reminder')).toHaveTextContent('No reminder sent yet')

    fireEvent.click(within(naik).getByRole('button', { name: 'Send reminder to the Naik family' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to the Naik family' })
    expect(dialog).toHaveTextContent('This family was reminded less than a day ago')
    expect(dialog).toHaveTextContent(/Last reminder today \d\d:\d\d by Anita Desai/)
    const send = within(dialog).getByRole('button', { name: 'Send' })
    expect(send).toBeDisabled()
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Send a second reminder anyway' }))
    expect(send).toBeEnabled()
    fireEvent.click(send)
    await waitFor(() => expect(server.sent).toHaveLength(1))
    expect(server.sent[0]).toMatchObject({
      recipients: ['rohini@example.com'],
      email_trigger: 'paymentReminder',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.reloads).toBeGreaterThan(0)

    // A family never reminded is sent to without the extra question.
    fireEvent.click(within(shah).getByRole('button', { name: 'Send reminder to the Shah family' }))
    const second = await screen.findByRole('dialog', { name: 'Send a reminder to the Shah family' })
    expect(second).not.toHaveTextContent('reminded less than a day ago')
    expect(within(second).getByRole('button', { name: 'Send' })).toBeEnabled()
  })

  it('tells the family how to pay: the UPI link and QR code for the total, and the bank details', async () => {
    server.last = new Map()
    server.sent = []
    setViewportWidth(360)
    await renderApp({ path: '/administration/dash?pane=reminders', member: staff, seed })
    const list = await screen.findByRole('list', { name: 'Families with a fee due' })
    const shah = within(list).getByText('Shah family').closest('[role="listitem"]') as HTMLElement
    fireEvent.click(within(shah).getByRole('button', { name: 'Send reminder to the Shah family' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to the Shah family' })
    // The preview shows the QR code from its content, as a mail app shows the inline image.
    const preview = within(dialog).getByTitle('The reminder') as HTMLIFrameElement
    expect(preview.getAttribute('srcdoc')).toContain('src="data:image/gif;base64,')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(server.sent).toHaveLength(1))
    const sent = server.sent[0]!
    expect(sent.html_body).toContain('pay ₹14,500.00 by UPI')
    expect(sent.html_body).toContain('upi://pay?pa=banyantree%40indianbk')
    expect(sent.html_body).toContain('am=14500.00')
    expect(sent.html_body).toContain('<img src="cid:upi-qr@payment"')
    expect(sent.html_body).toContain('<td>IFSC</td><td><strong>IDIB000A123</strong></td>')
    expect(sent.html_body).toContain('Please write “Shah family” as the transfer’s reference.')
    expect(sent.attachments).toEqual([
      expect.objectContaining({
        filename: 'upi-qr.gif',
        contentType: 'image/gif',
        cid: 'upi-qr@payment',
      }),
    ])
  })
})

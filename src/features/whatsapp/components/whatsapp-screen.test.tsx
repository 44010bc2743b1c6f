import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { AppDatabase } from '@sync/engine/database'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// The admin's WhatsApp list (issue 40): no empty table (with its scroll arrows) before the first
// number, and a number written to shows when, not "None yet".
const admin = testMember({ role: 'admin', name: 'Anita Admin' })

const number = (id: string, waId: string, name: string) => ({
  id,
  kind: 'number' as const,
  wa_id: waId,
  data: { name, status: 'Active' as const },
  created_at: '2026-11-20T04:00:00.000Z',
  last_received_at: null,
  last_sent_at: null,
  msg_total: 1,
})

describe('the WhatsApp numbers', () => {
  it('says there are none yet instead of showing an empty table', async () => {
    setViewportWidth(1280)
    await renderApp({ path: '/admin/dash/whatsapp', member: admin })
    expect(await screen.findByText(/No numbers yet/)).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'WhatsApp numbers' })).toBeNull()
  })

  it('shows when the last message went, also before the server stamps the number', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/admin/dash/whatsapp',
      member: admin,
      seed: async (db: AppDatabase) => {
        await db.whatsapp.bulkInsert([
          number('wn-1', '919822000001', 'Priya Kamat'),
          number('wn-2', '919822000002', 'Rohini Naik'),
          {
            id: 'wm-1',
            kind: 'message',
            wa_id: '919822000001',
            data: { direction: 'out', body: 'Fees are due', mode: 'template' },
            created_at: '2026-11-27T06:30:00.000Z',
            msg_count: 1,
            status: 'sent',
          },
        ])
      },
    })
    const table = await screen.findByRole('table', { name: 'WhatsApp numbers' })
    const rows = await within(table).findAllByTestId('whatsapp-row')
    const priya = rows.find((r) => r.textContent?.includes('Priya Kamat'))!
    const rohini = rows.find((r) => r.textContent?.includes('Rohini Naik'))!
    expect(priya).not.toHaveTextContent('None yet')
    expect(priya).toHaveTextContent(/27 Nov 2026, \d\d:\d\d/)
    expect(rohini).toHaveTextContent('None yet')
  })
})

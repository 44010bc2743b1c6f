import { describe, expect, it } from 'vitest'
import { readWebhook } from './whatsapp.ts'

const delivery = (message: Record<string, unknown>, status: Record<string, unknown>) => ({
  entry: [
    {
      changes: [
        {
          value: {
            contacts: [{ wa_id: '919000000011', profile: { name: 'Rita' } }],
            messages: [message],
            statuses: [status],
          },
        },
      ],
    },
  ],
})

describe('readWebhook', () => {
  it.each(['100000000000000', '-5', 'soon', 1e300])(
    'reads a message whose time is %s as arriving now, and never fails (issue 29, item 9)',
    (timestamp) => {
      const before = Date.now()
      const { messages, statuses } = readWebhook(
        delivery(
          { from: '919000000011', id: 'wamid.1', timestamp, type: 'text', text: { body: 'Hi' } },
          { id: 'wamid.0', status: 'delivered', timestamp },
        ),
      )
      expect(messages).toHaveLength(1)
      const at = Date.parse(messages[0]!.at)
      expect(at).toBeGreaterThanOrEqual(before - 1000)
      expect(at).toBeLessThanOrEqual(Date.now() + 1000)
      expect(statuses).toEqual([expect.objectContaining({ wamid: 'wamid.0', status: 'delivered' })])
    },
  )

  it('keeps the time Meta gives for a message', () => {
    const { messages } = readWebhook(
      delivery(
        {
          from: '919000000011',
          id: 'wamid.1',
          timestamp: '1764300000',
          type: 'text',
          text: { body: 'Hi' },
        },
        { id: 'wamid.0', status: 'read' },
      ),
    )
    expect(messages[0]!.at).toBe('2025-11-28T03:20:00.000Z')
  })
})

describe('readWebhook keeps what PostgreSQL can store', () => {
  it('drops NUL and replaces half a UTF-16 pair in texts, reasons and names', () => {
    const { messages, statuses } = readWebhook(
      delivery(
        { from: '919000000011', id: 'wamid.1', type: 'text', text: { body: 'Hi\u0000 \ud800' } },
        { id: 'wamid.0', status: 'failed', errors: [{ code: 1, title: 'Bad \udc00' }] },
      ),
    )
    expect(messages[0]!.body).toBe('Hi \ufffd')
    expect(statuses[0]!.reason).toBe('(#1) Bad \ufffd')
  })
})

import { describe, expect, it } from 'vitest'
import { LIVE_LIST_LIMIT, messageWindow, sendModeFor } from './whatsapp'

const now = new Date('2026-11-26T12:00:00Z')

describe('how a WhatsApp message may go (O12)', () => {
  it.each([
    ['2026-11-26T11:59:00Z', { kind: 'session' }],
    ['2026-11-25T12:00:01Z', { kind: 'session' }],
    ['2026-11-25T12:00:00Z', { kind: 'template', reason: 'window-closed' }],
    ['2026-11-20T09:00:00Z', { kind: 'template', reason: 'window-closed' }],
    ['2026-11-27T12:00:00Z', { kind: 'template', reason: 'window-closed' }],
    [null, { kind: 'template', reason: 'never-written' }],
    ['not a time', { kind: 'template', reason: 'never-written' }],
  ])('last message from the person at %s: %j', (last, mode) => {
    expect(sendModeFor({ status: 'Active', last_received_at: last }, now)).toEqual(mode)
  })

  it('sends nothing to a disabled number', () => {
    expect(
      sendModeFor({ status: 'disabled', last_received_at: '2026-11-26T11:00:00Z' }, now),
    ).toEqual({
      kind: 'blocked',
      reason: 'disabled',
    })
  })
})

describe("the chat's live list (O16, O17)", () => {
  it.each([
    [250, 240, 350],
    [5, 0, 105],
    [0, 0, 100],
  ])('with %i messages asks for msg_count %i to %i, at most 100', (total, from, to) => {
    expect(messageWindow(total)).toEqual({ from, to, limit: LIVE_LIST_LIMIT })
  })

  it.each([-1, 2.5, Number.NaN])('refuses the count %s', (total) => {
    expect(() => messageWindow(total)).toThrow(RangeError)
  })
})

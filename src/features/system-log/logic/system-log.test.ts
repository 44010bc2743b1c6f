import { describe, expect, it } from 'vitest'
import { detailLines, LOG_SCREENS } from './system-log'

describe('system log', () => {
  it('names the two panes as the admin side pane does', () => {
    expect(LOG_SCREENS.error.title).toBe('System Errors')
    expect(LOG_SCREENS.warning.title).toBe('Warnings')
  })

  it.each([
    [{ action: 'registerMember' }, ['action: registerMember']],
    [
      { emailId: 'e1', type: 'Members', attempts: 6, reason: null },
      ['type: Members', 'attempts: 6'],
    ],
    [{ list: [1, 2] }, ['list: [1,2]']],
    [{}, []],
  ])('shows %j as %j', (details, lines) => {
    expect(detailLines(details)).toEqual(lines)
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { Providers } from './providers'

afterEach(() => {
  act(() => notifications.clean())
  cleanup()
})

describe('the notifications container', () => {
  it('is not on the page before a notification is asked for, and shows the first one asked for', async () => {
    render(
      <Providers>
        <p>The screen</p>
      </Providers>,
    )
    expect(screen.getByText('The screen')).toBeInTheDocument()
    // Time for a container loaded at once to arrive (its module is local here).
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    // Mantine's container draws one root per position, in a portal under body.
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull()
    act(() => {
      notifications.show({ title: 'Payment recorded', message: 'Receipt R-1 is ready.' })
    })
    expect(await screen.findByText('Receipt R-1 is ready.')).toBeInTheDocument()
    expect(screen.getByText('Payment recorded')).toBeInTheDocument()
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull()
  })

  it('shows a notification asked for before the page was drawn', async () => {
    notifications.show({ message: 'Saved on this device.' })
    render(
      <Providers>
        <p>The screen</p>
      </Providers>,
    )
    expect(await screen.findByText('Saved on this device.')).toBeInTheDocument()
  })
})

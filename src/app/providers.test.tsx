import { afterEach, describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { MantineProvider, Modal } from '@mantine/core'
import { theme } from './providers'
import { mediaQueryList } from '@/test-utils/render'

// A person who has asked their phone for less motion gets dialogs that are in place the moment
// they open: no fade, no slide. (It also means a tap never lands where a button was a frame ago.)
const original = window.matchMedia

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    mediaQueryList(query, reduce && query.includes('prefers-reduced-motion: reduce'))
}

function Dialog({ opened }: { opened: boolean }) {
  return (
    <MantineProvider theme={theme}>
      <Modal opened={opened} onClose={() => {}} title="New parents’ meeting">
        <button type="button">Send invitations</button>
      </Modal>
    </MantineProvider>
  )
}

afterEach(() => {
  window.matchMedia = original
})

describe('the theme and motion', () => {
  it('opens a dialog in place at once when less motion is asked for', async () => {
    prefersReducedMotion(true)
    const view = render(<Dialog opened={false} />)
    await act(async () => {})
    view.rerender(<Dialog opened />)
    const dialog = screen.getByRole('dialog', { name: 'New parents’ meeting' })
    expect(
      dialog.style.transitionDuration === '' || dialog.style.transitionDuration === '0ms',
    ).toBe(true)
    expect(dialog.style.opacity === '' || dialog.style.opacity === '1').toBe(true)
    expect(dialog.style.transform === '' || dialog.style.transform === 'none').toBe(true)
  })

  it('still animates a dialog for everyone else', async () => {
    prefersReducedMotion(false)
    const view = render(<Dialog opened={false} />)
    await act(async () => {})
    view.rerender(<Dialog opened />)
    expect(screen.queryByRole('dialog', { name: 'New parents’ meeting' })).toBeNull()
    const dialog = await screen.findByRole('dialog', { name: 'New parents’ meeting' })
    expect(dialog).toBeTruthy()
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { LiteImage } from './lite-image'

function connection(effectiveType: string | null) {
  if (effectiveType === null) {
    Reflect.deleteProperty(navigator, 'connection')
    return
  }
  const slow = effectiveType === '2g'
  const value = Object.assign(new EventTarget(), {
    effectiveType,
    downlink: slow ? 0.05 : 10,
    rtt: slow ? 1800 : 50,
  })
  Object.defineProperty(navigator, 'connection', { configurable: true, value })
}

const show = () =>
  render(
    <MantineProvider>
      <LiteImage src="/storage/v1/object/public/site/banyan.png" alt="banyan.png" h={100} />
    </MantineProvider>,
  )

afterEach(() => {
  cleanup()
  connection(null)
})

describe('pictures in lite mode', () => {
  it('on 2g, fetches the picture only when its place is tapped', () => {
    connection('2g')
    const { container } = show()
    expect(container.querySelector('img')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Tap to load the picture “banyan.png”' }))
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/storage/v1/object/public/site/banyan.png',
    )
  })

  it('on a faster connection, shows the picture at once', () => {
    connection('4g')
    const { container } = show()
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('banyan.png')
    expect(screen.queryByTestId('tap-to-load')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { creep, PROGRESS, trackBackendCall } from '@/lib/backend-activity'
import { BackendProgress } from './backend-progress'

describe('the loading bar for backend calls', () => {
  it('creeps towards its ceiling and never passes it', () => {
    expect(creep(PROGRESS.start)).toBe(18)
    let value: number = PROGRESS.start
    for (let i = 0; i < 500; i++) value = creep(value)
    expect(value).toBeLessThanOrEqual(PROGRESS.ceiling)
    expect(value).toBeGreaterThan(89)
  })

  it('shows while calls run, stays while any is left, and is reset when the last ends', async () => {
    render(<BackendProgress />)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    const releases: Array<() => void> = []
    const call = () =>
      trackBackendCall(() => new Promise<void>((resolve) => releases.push(resolve)))
    const first = call()
    const second = call()
    const bar = await screen.findByRole('progressbar', { name: 'Waiting for the server' })
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(PROGRESS.start)
    releases[0]!()
    await first
    await waitFor(() =>
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(PROGRESS.start),
    )
    expect(screen.getByRole('progressbar')).toBeInTheDocument()
    releases[1]!()
    await second
    await waitFor(() =>
      expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
    )
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })

  it('a call that fails also ends the bar', async () => {
    render(<BackendProgress />)
    const failing = trackBackendCall(() => Promise.reject(new Error('Server down')))
    await expect(failing).rejects.toThrow('Server down')
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
  })
})

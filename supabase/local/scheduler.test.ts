import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HostDeps } from './deps.ts'
import { startScheduler } from './scheduler.ts'

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const s of started.splice(0)) await s.close()
})

function fakeDb(answer: () => Promise<unknown[]>) {
  const query = vi.fn((_sql: string) => answer())
  return { deps: { db: { query } } as unknown as Pick<HostDeps, 'db'>, query }
}

describe("the local host's scheduler", () => {
  it('runs the due tasks at start and on every tick, through the database', async () => {
    const { deps, query } = fakeDb(async () => [])
    started.push(startScheduler({ ...deps, schedulerTickMs: 20 }))
    await vi.waitFor(() => expect(query.mock.calls.length).toBeGreaterThanOrEqual(3))
    expect(new Set(query.mock.calls.map((c) => c[0]))).toEqual(
      new Set(['select app.run_due_scheduled_tasks()']),
    )
  })

  it('never starts a run while one is running, and stops when closed', async () => {
    let finish: () => void = () => {}
    const { deps, query } = fakeDb(() => new Promise((resolve) => (finish = () => resolve([]))))
    const scheduler = startScheduler({ ...deps, schedulerTickMs: 10 })
    await new Promise((r) => setTimeout(r, 60))
    expect(query).toHaveBeenCalledTimes(1)
    const closing = scheduler.close()
    finish()
    await closing
    await new Promise((r) => setTimeout(r, 40))
    expect(query).toHaveBeenCalledTimes(1)
  })

  it('a failing database is logged and the next tick tries again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { deps, query } = fakeDb(async () => {
      throw new Error('connection refused')
    })
    started.push(startScheduler({ ...deps, schedulerTickMs: 20 }))
    await vi.waitFor(() => expect(query.mock.calls.length).toBeGreaterThanOrEqual(2))
    expect(error).toHaveBeenCalledWith(
      '[scheduler]',
      expect.objectContaining({ message: 'connection refused' }),
    )
    error.mockRestore()
  })
})

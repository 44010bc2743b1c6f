import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  APPLICATION_QUEUE_KEY,
  enqueueApplication,
  readQueue,
  type QueuedApplication,
} from '@sync/rules/admissions/submit-queue'
import { useApplicationQueue } from './use-application-queue'

// What the app's own sender (sendLeftoverApplications, on any page) does when an answer comes:
// the stored copy becomes `sent`.
function settleAsSent(id: string) {
  const queue = readQueue(localStorage).map((q): QueuedApplication =>
    q.id === id ? { ...q, state: 'sent', message: 'Thank you: your application has arrived.' } : q,
  )
  localStorage.setItem(APPLICATION_QUEUE_KEY, JSON.stringify(queue))
}

afterEach(() => localStorage.clear())

describe('useApplicationQueue', () => {
  it('shows an application as sent when the app sent it before the form tried', async () => {
    // The last visit left it queued; this visit's app start sends it, and its answer arrives
    // before the form's own first try (as on a loaded phone).
    enqueueApplication(localStorage, 'facilitator', { id: 'app-1' }, new Date())
    const { result } = renderHook(() => useApplicationQueue('facilitator'))
    expect(result.current.entry?.state).toBe('queued')
    settleAsSent('app-1')

    await waitFor(() => expect(result.current.entry?.state).toBe('sent'))
    expect(result.current.entry?.message).toBe('Thank you: your application has arrived.')
  })

  it('shows the refusal the app stored before the form tried, with its fields', async () => {
    enqueueApplication(localStorage, 'student', { id: 'app-3' }, new Date())
    const { result } = renderHook(() => useApplicationQueue('student'))
    const refused = readQueue(localStorage).map((q): QueuedApplication => ({
      ...q,
      state: 'refused',
      message: 'Please check the fields marked.',
      fields: { email: 'Please enter a valid e-mail address.' },
    }))
    localStorage.setItem(APPLICATION_QUEUE_KEY, JSON.stringify(refused))

    await waitFor(() => expect(result.current.entry?.state).toBe('refused'))
    expect(result.current.entry?.fields).toEqual({ email: 'Please enter a valid e-mail address.' })
  })

  it('does not bring back an older application once the person started a new one', async () => {
    enqueueApplication(localStorage, 'facilitator', { id: 'older' }, new Date())
    settleAsSent('older')
    enqueueApplication(localStorage, 'facilitator', { id: 'app-2' }, new Date())
    settleAsSent('app-2')
    const { result } = renderHook(() => useApplicationQueue('facilitator'))
    expect(result.current.entry?.id).toBe('app-2')

    act(() => result.current.dismiss())
    // Going online again asks the queue; nothing is queued, and the form stays empty.
    act(() => void window.dispatchEvent(new Event('online')))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(result.current.entry).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { sendApplication } from './send-application'
import type { QueuedApplication } from '@sync/rules/admissions/submit-queue'

const entry: QueuedApplication = {
  id: 'app-12345678',
  kind: 'facilitator',
  application: { id: 'app-12345678', firstName: 'Anita' },
  state: 'queued',
  queuedAt: '2026-11-27T08:00:00.000Z',
}

describe('sending a queued application', () => {
  it('posts the kind and the application to the applications function with the key', async () => {
    let seen: { url: string; init: RequestInit } | undefined
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen = { url, init }
      return new Response(
        JSON.stringify({ type: 'success', message: 'ok', id: 'app-12345678', duplicate: false }),
        {
          status: 200,
        },
      )
    }) as unknown as typeof fetch
    const result = await sendApplication(entry, fetchImpl)
    expect(result).toEqual({
      status: 200,
      body: { type: 'success', message: 'ok', id: 'app-12345678', duplicate: false },
    })
    expect(seen!.url).toMatch(/\/functions\/v1\/applications$/)
    expect(seen!.init.method).toBe('POST')
    expect(JSON.parse(String(seen!.init.body))).toEqual({
      kind: 'facilitator',
      application: entry.application,
    })
    const headers = seen!.init.headers as Record<string, string>
    expect(headers.apikey).toBeTruthy()
    expect(headers.authorization).toBe(`Bearer ${headers.apikey}`)
  })

  it('reads an answer that is not JSON (a proxy error page) as a status without a body', async () => {
    const fetchImpl = (async () =>
      new Response('<html>Bad gateway</html>', { status: 502 })) as unknown as typeof fetch
    expect(await sendApplication(entry, fetchImpl)).toEqual({ status: 502, body: null })
  })
})

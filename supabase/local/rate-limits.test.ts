import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clientIp, parseTrustedProxies } from './http.ts'
import { authRateLimitsFrom, DEFAULT_AUTH_RATE_LIMITS, RateLimiter } from './rate-limits.ts'

describe('auth limits from config.toml', () => {
  it('reads [auth.rate_limit] and [auth.email] max_frequency, keeping defaults for the rest', () => {
    const toml = [
      '[auth.email]',
      'max_frequency = "2m"',
      '[auth.rate_limit]',
      'sign_in_sign_ups = 5 # per 5 minutes',
      'token_verifications = nope',
      '[auth.sms]',
      'sign_in_sign_ups = 99',
    ].join('\n')
    expect(authRateLimitsFrom(toml)).toEqual({
      ...DEFAULT_AUTH_RATE_LIMITS,
      sign_in_sign_ups: 5,
      max_frequency: 120,
    })
  })

  it('the project config sets every limit the host uses', () => {
    const toml = readFileSync(new URL('../config.toml', import.meta.url), 'utf8')
    expect(toml).toMatch(/^\[auth\.rate_limit\]$/m)
    for (const key of ['email_sent', 'sign_in_sign_ups', 'token_verifications', 'token_refresh'])
      expect(toml).toMatch(new RegExp(`^${key} = \\d+$`, 'm'))
  })

  it('counts per key in fixed windows and says how long to wait', () => {
    const limiter = new RateLimiter(DEFAULT_AUTH_RATE_LIMITS)
    try {
      const limit = { max: 2, seconds: 60 }
      expect([1, 2, 3].map(() => limiter.hit('signin', 'a@x.test', limit))).toEqual([
        0,
        0,
        expect.any(Number),
      ])
      expect(limiter.hit('signin', 'a@x.test', limit)).toBeGreaterThan(0)
      expect(limiter.hit('signin', 'b@x.test', limit)).toBe(0)
      expect(new RateLimiter(DEFAULT_AUTH_RATE_LIMITS, 10).minEmailInterval).toBe(6)
    } finally {
      limiter.close()
    }
  })
})

describe('the caller’s address (TRUST_PROXY)', () => {
  const req = (headers: Record<string, string>) => new Request('http://h/', { headers })

  it('ignores X-Forwarded-For and X-Real-IP from anyone but a named proxy', () => {
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6' }), '::ffff:203.0.113.9')).toBe(
      '203.0.113.9',
    )
    expect(clientIp(req({ 'x-real-ip': '6.6.6.6' }), '203.0.113.9', ['127.0.0.1'])).toBe(
      '203.0.113.9',
    )
  })

  it('behind named proxies takes the last address that is not one of them', () => {
    const proxies = parseTrustedProxies(' 127.0.0.1, 10.0.0.2 ,')
    expect(proxies).toEqual(['127.0.0.1', '10.0.0.2'])
    const chain = req({ 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.2' })
    expect(clientIp(chain, '127.0.0.1', proxies)).toBe('198.51.100.4')
    expect(clientIp(req({}), '127.0.0.1', proxies)).toBe('127.0.0.1')
    expect(clientIp(req({ 'x-real-ip': '198.51.100.5' }), '127.0.0.1', proxies)).toBe(
      '198.51.100.5',
    )
  })
})

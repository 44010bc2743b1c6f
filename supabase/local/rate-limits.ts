// Request limits of the local host, where it plays Supabase Auth: per address (IP) as Supabase
// Auth sets them in config.toml ([auth.rate_limit], [auth.email] max_frequency), and per account
// (the e-mail a request is about), which the host adds so one account cannot be guessed at from
// many addresses. Counters are hono-rate-limiter's memory stores: the host is one process.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { MemoryStore } from 'hono-rate-limiter'

export interface Limit {
  /** Requests allowed in one window. */
  max: number
  seconds: number
}

/** The host's limits, named after config.toml's keys. */
export interface AuthRateLimits {
  /** Sign-ups and password sign-ins per IP in 5 minutes. */
  sign_in_sign_ups: number
  /** One-time code and link verifications per IP in 5 minutes. */
  token_verifications: number
  /** Refresh-token grants per IP in 5 minutes. */
  token_refresh: number
  /** Auth e-mails (confirmation, recovery) per address in an hour. */
  email_sent: number
  /** Seconds between two auth e-mails to one address ([auth.email] max_frequency). */
  max_frequency: number
}

/** Supabase Auth's own defaults, used where config.toml says nothing. */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  sign_in_sign_ups: 30,
  token_verifications: 30,
  token_refresh: 150,
  email_sent: 30,
  max_frequency: 60,
}

/** Password sign-ins per account in 5 minutes, wherever they come from (not in config.toml). */
export const SIGN_IN_PER_ACCOUNT: Limit = { max: 10, seconds: 300 }
/** Wrong one-time codes after which a code is cleared (the person asks for a new one). */
export const WRONG_CODES_ALLOWED = 5

const defaultConfigPath = fileURLToPath(new URL('../config.toml', import.meta.url))

/** Go durations as config.toml writes them ("60s", "1m", "1h"), in seconds. */
function durationSeconds(text: string): number | null {
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 }
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)]
  if (!parts.length || parts.map((p) => p[0]).join('') !== text) return null
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0)
}

/** [auth.rate_limit] and [auth.email] max_frequency from config.toml, over the defaults. */
export function authRateLimitsFrom(toml: string): AuthRateLimits {
  const out = { ...DEFAULT_AUTH_RATE_LIMITS }
  let section = ''
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) {
      section = header[1]!.trim()
      continue
    }
    const setting = /^([a-z_]+)\s*=\s*(.+)$/.exec(line)
    if (!setting) continue
    const [, key, value] = setting as unknown as [string, string, string]
    if (section === 'auth.rate_limit' && key in out && key !== 'max_frequency') {
      const n = Number(value)
      if (Number.isInteger(n) && n > 0) out[key as keyof AuthRateLimits] = n
    }
    if (section === 'auth.email' && key === 'max_frequency') {
      const seconds = durationSeconds(value.replace(/^"|"$/g, ''))
      if (seconds !== null) out.max_frequency = seconds
    }
  }
  return out
}

export function readAuthRateLimits(path = defaultConfigPath): AuthRateLimits {
  try {
    return authRateLimitsFrom(readFileSync(path, 'utf8'))
  } catch {
    return { ...DEFAULT_AUTH_RATE_LIMITS }
  }
}

/**
 * Fixed-window counters by name and key. `factor` multiplies every maximum and divides every
 * minimum interval (RATE_LIMIT_FACTOR: test rigs that sign in hundreds of times raise it).
 */
export class RateLimiter {
  private readonly stores = new Map<string, MemoryStore>()

  constructor(
    readonly auth: AuthRateLimits,
    readonly factor = 1,
  ) {}

  private store(name: string, seconds: number): MemoryStore {
    const id = `${name}/${seconds}`
    let store = this.stores.get(id)
    if (!store) {
      store = new MemoryStore()
      store.init({ windowMs: seconds * 1000 } as Parameters<MemoryStore['init']>[0])
      this.stores.set(id, store)
    }
    return store
  }

  /** Counts one request; answers the seconds to wait, 0 when it is within the limit. */
  hit(name: string, key: string, limit: Limit): number {
    const info = this.store(name, limit.seconds).increment(key)
    if (info.totalHits <= Math.max(1, Math.round(limit.max * this.factor))) return 0
    const reset = info.resetTime?.getTime() ?? Date.now() + limit.seconds * 1000
    return Math.max(1, Math.ceil((reset - Date.now()) / 1000))
  }

  /** The shortest time between two e-mails to one address, after the factor. */
  get minEmailInterval(): number {
    return this.auth.max_frequency / this.factor
  }

  /** A store made elsewhere (hono-rate-limiter's middleware), stopped with the others. */
  adopt(store: MemoryStore): MemoryStore {
    this.stores.set(`adopted/${this.stores.size}`, store)
    return store
  }

  close(): void {
    for (const store of this.stores.values()) store.shutdown()
    this.stores.clear()
  }
}

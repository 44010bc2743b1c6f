// What `supabase config push` would set on a production project from supabase/config.toml.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const toml = readFileSync(new URL('./config.toml', import.meta.url), 'utf8')

/** The value of `key` in `[section]`, as written (comments dropped). */
function setting(section: string, key: string): string | undefined {
  let current = ''
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw
      .replace(/\s+#.*$/, '')
      .replace(/^#.*$/, '')
      .trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) current = header[1]!
    const pair = /^([a-z_]+)\s*=\s*(.+)$/.exec(line)
    if (current === section && pair && pair[1] === key) return pair[2]
  }
  return undefined
}

describe('supabase/config.toml', () => {
  it('takes the site URL and the redirect URLs from SITE_URL, never a development address', () => {
    expect(setting('auth', 'site_url')).toBe('"env(SITE_URL)"')
    expect(setting('auth', 'additional_redirect_urls')).toBe('["env(SITE_URL)"]')
    const settings = toml.replace(/#.*$/gm, '')
    expect(settings).not.toMatch(/(localhost|127\.0\.0\.1):(3000|5173)/)
  })
  it('runs PostgreSQL 17, as new projects do', () => {
    expect(setting('db', 'major_version')).toBe('17')
  })

  it('names the bucket of public images `images`, never `public`', () => {
    expect(toml).toMatch(/^\[storage\.buckets\.images\]$/m)
    expect(toml).not.toMatch(/^\[storage\.buckets\.public\]$/m)
  })
})

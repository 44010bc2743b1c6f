// What `supabase config push` and `supabase db push` would set on a production project from
// supabase/config.toml.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const toml = readFileSync(new URL('./config.toml', import.meta.url), 'utf8')

/** Every `key = value` of `[section]`, as written (comments dropped). */
function section(name: string): Record<string, string> {
  const out: Record<string, string> = {}
  let current = ''
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw
      .replace(/\s+#.*$/, '')
      .replace(/^#.*$/, '')
      .trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) current = header[1]!
    const pair = /^([a-z_]+)\s*=\s*(.+)$/.exec(line)
    if (current === name && pair) out[pair[1]!] = pair[2]!
  }
  return out
}

/** The Vault names the SQL reads: each dispatcher's address and the shared secret. */
function vaultNamesReadBySql(): string[] {
  const dir = new URL('./schemas/', import.meta.url)
  const sql = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => readFileSync(new URL(f, dir), 'utf8'))
    .join('\n')
  const names = new Set<string>()
  for (const m of sql.matchAll(/app\.wake_(?:function|configured)\('([a-z_]+)'/g)) names.add(m[1]!)
  for (const m of sql.matchAll(/decrypted_secrets s\s+where s\.name = '([a-z_]+)'/g))
    names.add(m[1]!)
  return [...names].sort()
}

const ENV = /^"env\([A-Z][A-Z0-9_]*\)"$/

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

  it('declares the Vault secrets the SQL reads, each from the environment', () => {
    const vault = section('db.vault')
    expect(Object.keys(vault).sort()).toEqual(vaultNamesReadBySql())
    expect(Object.keys(vault).sort()).toEqual(['outbox_secret', 'outbox_url', 'whatsapp_url'])
    for (const value of Object.values(vault)) expect(value).toMatch(ENV)
  })

  it("sends Supabase Auth's own e-mails through the centre's mail server on port 465", () => {
    const smtp = section('auth.email.smtp')
    expect(smtp).toMatchObject({ enabled: 'true', port: '465' })
    for (const key of ['host', 'user', 'pass', 'admin_email', 'sender_name'])
      expect(smtp[key], key).toMatch(ENV)
  })

  it('keeps Google off in the file, with its id and secret from the environment', () => {
    // config push sets every provider as this file says; SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED
    // turns Google on for a centre that has a client.
    expect(section('auth.external.google')).toMatchObject({
      enabled: 'false',
      client_id: '"env(SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID)"',
      secret: '"env(SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET)"',
    })
  })

  it('takes every secret from the environment, never from the file', () => {
    let current = ''
    const secrets: string[] = []
    for (const raw of toml.split(/\r?\n/)) {
      const line = raw
        .replace(/\s+#.*$/, '')
        .replace(/^#.*$/, '')
        .trim()
      const header = /^\[([^\]]+)\]$/.exec(line)
      if (header) current = header[1]!
      const pair = /^([a-z_]+)\s*=\s*(.+)$/.exec(line)
      if (
        pair &&
        (current === 'db.vault' || /(^|_)(secret|pass|password|token|key)$/.test(pair[1]!))
      )
        secrets.push(`[${current}] ${pair[1]} = ${pair[2]}`)
    }
    expect(secrets.length).toBeGreaterThanOrEqual(5)
    for (const entry of secrets) expect(entry.split(' = ')[1], entry).toMatch(ENV)
  })
})

describe('the access token lifetime', () => {
  it('is the same 15 minutes on Supabase and on the local host', async () => {
    const { ACCESS_TOKEN_TTL } = await import('./local/auth/tokens.ts')
    expect(section('auth').jwt_expiry).toBe('900')
    expect(ACCESS_TOKEN_TTL).toBe(900)
  })
})

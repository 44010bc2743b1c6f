// The deployment helper of docs/deploy.md: what it refuses before anything is pushed, and the
// functions' secrets it writes (read back with Node's dotenv parser, as the CLI reads them).
import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { checkDeployEnv, envFileText, SUPABASE_CLI } from './deploy.ts'

const complete = {
  SITE_URL: 'https://centre.example.org',
  SMTP_HOST: 'smtp.example.org',
  SMTP_USER: 'office@example.org',
  SMTP_PASS: 'p@ss:w/rd$1',
  SMTP_ADMIN_EMAIL: 'office@example.org',
  SMTP_SENDER_NAME: "St Mary's Centre",
  OUTBOX_URL: 'https://abcdefghijklmnopqrst.supabase.co/functions/v1/outbox',
  OUTBOX_SECRET: 'a'.repeat(64),
}

describe('scripts/deploy.ts check', () => {
  it('derives the functions’ secrets: the SMTP URL on port 465 with its parts encoded, the sender', () => {
    const { problems, functions } = checkDeployEnv(complete)
    expect(problems).toEqual([])
    expect(functions).toEqual({
      SITE_URL: 'https://centre.example.org',
      SMTP_URL: 'smtps://office%40example.org:p%40ss%3Aw%2Frd%241@smtp.example.org:465',
      MAIL_FROM: `"St Mary's Centre" <office@example.org>`,
      OUTBOX_SECRET: 'a'.repeat(64),
    })
    expect(parseEnv(envFileText(functions))).toEqual(functions)
  })

  it.each<[string, Record<string, string>, string]>([
    ['SITE_URL missing', { SITE_URL: '' }, 'SITE_URL is not set'],
    ['SITE_URL not https', { SITE_URL: 'http://centre.example.org' }, 'SITE_URL must be'],
    ['a literal env()', { SMTP_HOST: 'env(SMTP_HOST)' }, 'SMTP_HOST is the literal env(SMTP_HOST)'],
    ['a short secret', { OUTBOX_SECRET: 'secret' }, 'OUTBOX_SECRET must be at least 32'],
    ['another address', { OUTBOX_URL: 'https://x.supabase.co/functions/v1/mail' }, 'OUTBOX_URL'],
    ['a sender that is no address', { SMTP_ADMIN_EMAIL: 'office' }, 'SMTP_ADMIN_EMAIL'],
    ['half of WhatsApp', { WHATSAPP_TOKEN: 't' }, 'WHATSAPP_URL is not set'],
    [
      'Google on without its client',
      { SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: 'true' },
      'SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID is not set',
    ],
  ])('refuses %s', (_case, change, problem) => {
    const { problems } = checkDeployEnv({ ...complete, ...change })
    expect(problems.join('\n')).toContain(problem)
  })

  it('passes WhatsApp’s settings to the functions, but not the address Vault keeps', () => {
    const { problems, functions } = checkDeployEnv({
      ...complete,
      WHATSAPP_URL: 'https://abcdefghijklmnopqrst.supabase.co/functions/v1/whatsapp',
      WHATSAPP_PHONE_NUMBER_ID: '1234',
      WHATSAPP_TOKEN: 'token',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      WHATSAPP_TEMPLATE: 'centre_message:en',
    })
    expect(problems).toEqual([])
    expect(Object.keys(functions)).toEqual([
      'SITE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'OUTBOX_SECRET',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
      'WHATSAPP_TEMPLATE',
    ])
  })

  it('lists every variable it reads in supabase/.env.example, with an empty value', () => {
    const example = parseEnv(
      readFileSync(new URL('../supabase/.env.example', import.meta.url), 'utf8'),
    )
    for (const name of Object.keys(complete)) expect(example[name], name).toBe('')
  })

  it('names one CLI release everywhere the guide runs the CLI', () => {
    for (const doc of ['../docs/deploy.md', '../README.md', '../docs/security.md']) {
      const text = readFileSync(new URL(doc, import.meta.url), 'utf8')
      const runs = [...text.matchAll(/npx (?:--yes )?(supabase(?:@[\w.-]+)?)\b/g)].map((m) => m[1])
      for (const run of runs) expect(run, doc).toBe(SUPABASE_CLI)
    }
  })
})

// Hosted edge functions may not open ports 25 and 587, so mail leaves over implicit TLS
// (`smtps://...:465`). This runs the `outbox` function in Deno, the runtime Supabase deploys it
// to, against an SMTP server that speaks TLS from the first byte with a certificate made for the
// test (trusted through Deno's --cert), and checks that the queued message arrives and is marked
// sent.
import { spawn } from 'node:child_process'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { outboxRow } from './support/outbox.ts'

const SECRET = 'dispatcher-secret-for-the-tls-test-0001'

/** A key and a self-signed certificate for localhost, made with openssl for this run only. */
async function certificate(dir: string): Promise<{ key: string; cert: string; certPath: string }> {
  const keyPath = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:FALSE',
      '-keyout',
      keyPath,
      '-out',
      certPath,
    ],
    { stdio: 'ignore' },
  )
  return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8'), certPath }
}

/** Runs the outbox handler once under Deno; resolves with its printed answer. */
function dispatchInDeno(env: Record<string, string>, certPath: string) {
  const args = [
    'deno',
    'run',
    '--config',
    'supabase/functions/deno.json',
    '--node-modules-dir=manual',
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--allow-sys',
    '--cert',
    certPath,
    'tests/host/support/outbox-once.ts',
  ]
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const child = spawn('npx', args, {
      env: {
        ...process.env,
        OUTBOX_ENV: JSON.stringify(env),
        DENO_DIR: join(process.cwd(), '.tmp', 'deno'),
        DENO_NO_UPDATE_CHECK: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? ''
      try {
        resolve(JSON.parse(line) as { status: number; body: Record<string, unknown> })
      } catch {
        reject(new Error(`deno exited ${code}: ${err || out}`))
      }
    })
  })
}

describe.each(testDatabases())('mail over implicit TLS from Deno on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let dir: string
  let certPath: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'smtps-'))
    const made = await certificate(dir)
    certPath = made.certPath
    smtp = await startSmtp({ tls: { key: made.key, cert: made.cert } })
    // The host itself sends nothing (no SMTP_URL): only the Deno dispatcher does.
    h = await startTestHost({ database, options: { seed: false } })
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('sends a queued message to an smtps:// server and marks it sent', async () => {
    expect(smtp.url).toMatch(/^smtps:\/\/localhost:\d+$/)
    const [row] = await h.db.query<{ id: string }>(
      `insert into public.email_outbox (sender, recipients, subject, html_body, email_type)
       values ('Office <office@centre.test>', '{parent@family.test}', 'Term dates',
               '<p>Term starts on 8 June.</p>', 'Webmail') returning id`,
    )
    const answer = await dispatchInDeno(
      {
        SUPABASE_URL: h.url,
        SUPABASE_ANON_KEY: h.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
        SITE_URL: h.url,
        SMTP_URL: smtp.url,
        OUTBOX_SECRET: SECRET,
      },
      certPath,
    )
    expect(answer).toMatchObject({ status: 200, body: { sent: 1, failed: 0, retrying: 0 } })
    const mail = await smtp.waitForMail((m) => m.subject === 'Term dates')
    expect(mail.html).toBe('<p>Term starts on 8 June.</p>')
    expect((await outboxRow(h, row!.id)).status).toBe('sent')
  })
})

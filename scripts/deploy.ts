// Helpers for docs/deploy.md, so that no secret is typed on a command line:
//   npx tsx scripts/deploy.ts check        checks supabase/.env (what `config push`, `db push` and
//                                          the functions will use) and writes the functions' secrets
//                                          to supabase/functions/.env for `secrets set --env-file`
//   npx tsx scripts/deploy.ts wait <ref>   waits until the new project is ACTIVE_HEALTHY
// Both .env files are git-ignored. It prints variable names, never their values.
import { spawnSync } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseEnv } from 'node:util'

/** The Supabase CLI release docs/deploy.md was checked against; every command there names it. */
export const SUPABASE_CLI = 'supabase@2.104.0'

export const ENV_FILE = 'supabase/.env'
export const FUNCTIONS_ENV_FILE = 'supabase/functions/.env'

const REQUIRED = [
  'SITE_URL',
  'SMTP_HOST',
  'SMTP_USER',
  'SMTP_PASS',
  'SMTP_ADMIN_EMAIL',
  'SMTP_SENDER_NAME',
  'OUTBOX_URL',
  'OUTBOX_SECRET',
]
const WHATSAPP = [
  'WHATSAPP_URL',
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
]
const GOOGLE = ['SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID', 'SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET']
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[A-Za-z]{2,}$/

export interface Checked {
  /** What is wrong, one line each; empty when the settings can be pushed. */
  problems: string[]
  /** The edge functions' secrets, built from the settings. */
  functions: Record<string, string>
}

function httpsUrl(value: string, path?: RegExp): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && (!path || path.test(url.pathname))
  } catch {
    return false
  }
}

/** Checks the deployment settings and derives the functions' secrets from them. */
export function checkDeployEnv(env: Record<string, string | undefined>): Checked {
  const problems: string[] = []
  const value = (name: string) => env[name]?.trim() ?? ''
  const whatsapp = WHATSAPP.some((name) => value(name))
  const google = value('SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED') === 'true'
  for (const name of [...REQUIRED, ...(whatsapp ? WHATSAPP : []), ...(google ? GOOGLE : [])]) {
    if (!value(name)) problems.push(`${name} is not set`)
    else if (/^env\(/.test(value(name))) problems.push(`${name} is the literal ${value(name)}`)
  }
  if (value('SITE_URL') && !httpsUrl(value('SITE_URL')))
    problems.push('SITE_URL must be the https address the app is served at')
  if (value('OUTBOX_URL') && !httpsUrl(value('OUTBOX_URL'), /^\/functions\/v1\/outbox$/))
    problems.push('OUTBOX_URL must be https://<ref>.supabase.co/functions/v1/outbox')
  if (value('WHATSAPP_URL') && !httpsUrl(value('WHATSAPP_URL'), /^\/functions\/v1\/whatsapp$/))
    problems.push('WHATSAPP_URL must be https://<ref>.supabase.co/functions/v1/whatsapp')
  if (value('OUTBOX_SECRET') && value('OUTBOX_SECRET').length < 32)
    problems.push('OUTBOX_SECRET must be at least 32 characters (openssl rand -hex 32)')
  if (value('SMTP_ADMIN_EMAIL') && !EMAIL.test(value('SMTP_ADMIN_EMAIL')))
    problems.push('SMTP_ADMIN_EMAIL must be an e-mail address (the sender)')
  for (const [name, v] of Object.entries(env))
    if (v && /[\r\n]/.test(v)) problems.push(`${name} must be one line`)
  if (/[<>"\r\n]/.test(value('SMTP_SENDER_NAME')))
    problems.push('SMTP_SENDER_NAME must be a plain name, without <, > or quotes')

  const enc = encodeURIComponent
  const functions: Record<string, string> = {
    SITE_URL: value('SITE_URL'),
    SMTP_URL: `smtps://${enc(value('SMTP_USER'))}:${enc(value('SMTP_PASS'))}@${value('SMTP_HOST')}:465`,
    MAIL_FROM:
      value('MAIL_FROM') || `"${value('SMTP_SENDER_NAME')}" <${value('SMTP_ADMIN_EMAIL')}>`,
    OUTBOX_SECRET: value('OUTBOX_SECRET'),
  }
  if (whatsapp)
    for (const name of [...WHATSAPP.slice(1), 'WHATSAPP_TEMPLATE'])
      if (value(name)) functions[name] = value(name)
  return { problems, functions }
}

/**
 * A dotenv file's text for the values. dotenv (which `secrets set --env-file` reads with) takes a
 * quoted value literally, escapes and all, so each value is quoted with a quote it does not hold.
 */
export function envFileText(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, v]) => {
      const quote = ["'", '`', '"'].find((q) => !v.includes(q))
      if (!quote || /[\r\n]/.test(v)) throw new Error(`${name} cannot be written to a .env file`)
      return `${name}=${quote}${v}${quote}\n`
    })
    .join('')
}

function check(): number {
  const env = parseEnv(readFileSync(ENV_FILE, 'utf8'))
  const { problems, functions } = checkDeployEnv(env)
  if (problems.length > 0) {
    for (const problem of problems) console.error(`✗ ${problem}`)
    console.error(`Fix ${ENV_FILE} (see supabase/.env.example) and run this again.`)
    return 1
  }
  writeFileSync(FUNCTIONS_ENV_FILE, envFileText(functions), { mode: 0o600 })
  chmodSync(FUNCTIONS_ENV_FILE, 0o600)
  console.log(`✓ ${ENV_FILE} is complete`)
  console.log(`✓ ${FUNCTIONS_ENV_FILE}: ${Object.keys(functions).join(', ')}`)
  return 0
}

async function wait(ref: string | undefined): Promise<number> {
  if (!ref || !/^[a-z]{20}$/.test(ref)) {
    console.error('Usage: npx tsx scripts/deploy.ts wait <project ref (20 letters)>')
    return 1
  }
  const until = Date.now() + 20 * 60_000
  for (;;) {
    const run = spawnSync('npx', ['--yes', SUPABASE_CLI, 'projects', 'list', '-o', 'json'], {
      encoding: 'utf8',
    })
    let status = `the CLI failed: ${run.stderr?.trim().split('\n').pop() ?? ''}`
    if (run.status === 0) {
      const projects = JSON.parse(run.stdout) as Array<{ id?: string; status?: string }>
      status = projects.find((p) => p.id === ref)?.status ?? 'not found'
    }
    console.log(`${new Date().toISOString().slice(11, 19)} ${ref}: ${status}`)
    if (status === 'ACTIVE_HEALTHY') return 0
    if (Date.now() > until) {
      console.error('Not healthy after 20 minutes: look at the project in the dashboard.')
      return 1
    }
    await new Promise((resolve) => setTimeout(resolve, 15_000))
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, arg] = process.argv.slice(2)
  if (command === 'check') process.exit(check())
  else if (command === 'wait') process.exit(await wait(arg))
  else {
    console.error('Usage: npx tsx scripts/deploy.ts check | wait <ref>')
    process.exit(1)
  }
}

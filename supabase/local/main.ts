// `npm start` / `npm run host`: starts the local host, prints where it is and how to sign in,
// and shuts down cleanly on Ctrl-C or SIGTERM (the database is closed before the process exits,
// so PGlite's folder is left consistent).
import { parseArgs } from 'node:util'
import { demoAccounts, demoAccountsTable } from './demo-accounts.ts'
import { parseTrustedProxies } from './http.ts'
import { startHost, type Host } from './server.ts'

const USAGE = `Usage: tsx supabase/local/main.ts [options]

  --port <n>       port to listen on (env PORT, default 3000; 0 = any free port)
  --host <addr>    address to listen on (env HOST, default 127.0.0.1; 0.0.0.0 for the LAN)
  --data <dir>     PGlite data folder (env DATA_DIR, default .data)
  --backups <dir>  where the database-backup job writes backups (env BACKUP_DIR, default
                   backups beside the data folder); restore one with npm run restore
  --memory         keep the database in memory (nothing is saved)
  --dist <dir>     built app to serve (default dist)
  --no-seed        do not create the demo centre in an empty database
  --https          serve HTTPS with the centre's own certificate authority (env HTTPS=1;
                   kept in <data>/tls); http:// on the same port shows /ca and redirects
  -h, --help       this text

Environment: DATABASE_URL (use a Postgres server instead of PGlite), SMTP_URL (send mail),
SITE_URL (where e-mail links land), JWT_SECRET (sign tokens and keys; at least 32 characters;
needed, or made and kept in the data folder, when listening beyond this machine),
MAIL_FROM (sender of auth e-mails), TRUST_PROXY (addresses of reverse proxies whose
X-Forwarded-For is believed, comma-separated), RATE_LIMIT_FACTOR (multiplies every request
limit; default 1), WHATSAPP_API_URL, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN, WHATSAPP_APP_SECRET,
WHATSAPP_VERIFY_TOKEN, WHATSAPP_TEMPLATE (Meta's Cloud API; without a token messages stay queued).`

function options() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      backups: { type: 'string' },
      memory: { type: 'boolean', default: false },
      dist: { type: 'string' },
      'no-seed': { type: 'boolean', default: false },
      https: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const port = Number(values.port ?? process.env.PORT ?? 3000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid port: ${values.port ?? process.env.PORT}`)
  return {
    port,
    host: values.host ?? process.env.HOST ?? '127.0.0.1',
    dataDir: values.data ?? process.env.DATA_DIR ?? '.data',
    backupDir: values.backups ?? (process.env.BACKUP_DIR || undefined),
    memory: values.memory,
    distDir: values.dist ?? 'dist',
    seed: !values['no-seed'],
    https: values.https || /^(1|true|yes|on)$/i.test(process.env.HTTPS ?? ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    smtpUrl: process.env.SMTP_URL || undefined,
    siteUrl: process.env.SITE_URL || undefined,
    jwtSecret: process.env.JWT_SECRET || undefined,
    mailFrom: process.env.MAIL_FROM || undefined,
    trustProxy: parseTrustedProxies(process.env.TRUST_PROXY),
    rateLimitFactor: rateLimitFactor(process.env.RATE_LIMIT_FACTOR),
    whatsapp: {
      apiUrl: process.env.WHATSAPP_API_URL || undefined,
      phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID || undefined,
      token: process.env.WHATSAPP_TOKEN || undefined,
      appSecret: process.env.WHATSAPP_APP_SECRET || undefined,
      verifyToken: process.env.WHATSAPP_VERIFY_TOKEN || undefined,
      template: process.env.WHATSAPP_TEMPLATE || undefined,
    },
  }
}

function rateLimitFactor(value: string | undefined): number {
  if (!value) return 1
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Invalid RATE_LIMIT_FACTOR: ${value}`)
  return n
}

function redact(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'postgres'
  }
}

async function printBanner(host: Host, opts: ReturnType<typeof options>) {
  const database = opts.databaseUrl
    ? `PostgreSQL ${redact(opts.databaseUrl)}`
    : opts.memory
      ? 'PGlite in memory (nothing is saved)'
      : `PGlite in ${opts.dataDir}`
  // Only the demo accounts that exist (and still have their demo password) are worth showing.
  const present = new Set(
    (
      await host.db.query<{ email: string }>('select email from auth.users where email = any($1)', [
        demoAccounts.map((a) => a.email),
      ])
    ).map((r) => r.email),
  )
  const accounts = demoAccounts.filter((a) => present.has(a.email))
  const lines = [
    '',
    `  Learning centre app   ${host.url}`,
    `  Supabase API URL      ${host.url}`,
    `  Database              ${database}`,
    `  anon key              ${host.anonKey}`,
    `  service_role key      ${host.serviceRoleKey}`,
    '',
  ]
  if (host.certificate) {
    const port = new URL(host.url).port
    const lan = host.certificate.addresses.filter((a) => a !== '127.0.0.1' && a !== '::1')
    lines.push(
      "  HTTPS with the centre's own certificate authority. On each phone, open once:",
      ...(lan.length && opts.host !== '127.0.0.1'
        ? lan.map((a) => `    http://${a.includes(':') ? `[${a}]` : a}:${port}/ca`)
        : [`    ${host.url}/ca   (listen on the network with --host 0.0.0.0)`]),
      `  Certificate fingerprint (SHA-256): ${host.certificate.caFingerprint}`,
      '',
    )
  }
  if (accounts.length) {
    lines.push('  Demo accounts (passwords as seeded; change them before real use):', '')
    lines.push(
      ...demoAccountsTable(accounts)
        .split('\n')
        .map((l) => `  ${l}`),
      '',
    )
  }
  lines.push('  Press Ctrl-C to stop.', '')
  console.log(lines.join('\n'))
}

async function main() {
  const opts = options()
  const host = await startHost({ ...opts, log: (line) => console.log(`  ${line}`) })
  await printBanner(host, opts)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      console.error(`Second ${signal}: exiting without waiting.`)
      process.exit(1)
    }
    stopping = true
    console.log(`\n${signal}: stopping…`)
    host.stop().then(
      () => {
        console.log('Stopped cleanly.')
        process.exit(0)
      },
      (error: unknown) => {
        console.error('Error while stopping:', error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

// The local host: one Node server with Supabase's API paths (auth, rest RPC, realtime, storage,
// functions) over PGlite or a Postgres server, plus the built app. startHost() is what
// `npm start` (through main.ts) and the tests use.
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net'
import { Duplex } from 'node:stream'
import { createSecureContext, TLSSocket } from 'node:tls'
import { createAdaptorServer, serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import { authRoutes } from './auth/index.ts'
import { defaultBackupDir } from './backup.ts'
import { caRoutes } from './ca-page.ts'
import { openDb, type Db } from './db.ts'
import { runAs, type HostDeps } from './deps.ts'
import type { WhatsAppSettings } from './functions.ts'
import { clientIp, clientIpOf, rememberClientIp, withNormalPath } from './http.ts'
import { hostJwtSecret, makeKeys } from './keys.ts'
import { migrate } from './migrate.ts'
import { RateLimiter, readAuthRateLimits, type AuthRateLimits } from './rate-limits.ts'
import { requestAuthenticator, tokenVerifier } from './request-auth.ts'
import { restRoutes } from './rest.ts'
import { seedIfEmpty } from './seed.ts'
import { staticHandler } from './static.ts'
import { hostCertificate, type HostCertificate } from './tls.ts'

/** Addresses of the APIs: what they do not answer gets the JSON 404, not the app's page. */
const API_PATH = /^\/(auth|rest|storage|functions|realtime)\/v1(\/|$)/

export interface HostOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** PGlite data folder (default .data). */
  dataDir?: string
  /** PGlite in memory: nothing survives stop(). */
  memory?: boolean
  /** A Postgres server instead of PGlite. */
  databaseUrl?: string
  distDir?: string
  /**
   * The secret tokens are signed with. Without it a loopback host uses the Supabase CLI's
   * published one, and any other host makes its own and keeps it in the data folder.
   */
  jwtSecret?: string
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); by default nobody's. */
  trustProxy?: string[]
  /** Multiplies every request limit (RATE_LIMIT_FACTOR, default 1). */
  rateLimitFactor?: number
  /** The auth limits; by default those of supabase/config.toml. */
  authRateLimits?: AuthRateLimits
  /** Where auth e-mail links land (default: the host's own URL, which serves the app). */
  siteUrl?: string
  smtpUrl?: string
  /** From address of auth e-mails. */
  mailFrom?: string
  /** Meta's Cloud API (WHATSAPP_*); without a token and phone number id messages stay queued. */
  whatsapp?: WhatsAppSettings
  /** Where the 'database-backup' job writes backups (default: `backups` beside the data folder). */
  backupDir?: string
  /**
   * HTTPS on the port (HTTPS=1, --https): with a certificate from the host's own authority, kept
   * in `<dataDir>/tls` (also with `memory`). Plain HTTP on the same port answers the /ca page and
   * sends everything else to https.
   */
  https?: boolean
  /** Seed the demo centre when the database has no accounts (default true). */
  seed?: boolean
  /** With `memory`: start from this image of a database (see `dumpImage` in db.ts). */
  image?: Blob
  log?: (line: string) => void
}

export interface Host {
  url: string
  anonKey: string
  serviceRoleKey: string
  /** The same two roles as Supabase's newer opaque keys (`sb_publishable_...`, `sb_secret_...`). */
  publishableKey: string
  secretKey: string
  jwtSecret: string
  db: Db
  /** The certificate served, when the host serves HTTPS. */
  certificate?: HostCertificate
  stop(): Promise<void>
}

interface Closable {
  /** Settles once the module works (e.g. LISTEN is in place); the host waits for it. */
  ready?: Promise<unknown>
  close(): Promise<void>
}

type OptionalModules = {
  storage?: (deps: HostDeps & { dataDir?: string }) => Hono
  functions?: (
    deps: HostDeps & { smtpUrl?: string; mailFrom?: string; whatsapp?: WhatsAppSettings },
  ) => Hono
  realtime?: (server: Server, deps: HostDeps) => Closable
  mailer?: (deps: HostDeps & { smtpUrl?: string; mailFrom?: string }) => Closable
  whatsapp?: (deps: HostDeps & { whatsapp?: WhatsAppSettings }) => Closable
  scheduler?: (deps: HostDeps) => Closable
  backups?: (deps: {
    db: Db
    dataDir?: string
    backupDir?: string
    databaseUrl?: string
    log?: (line: string) => void
  }) => Closable
}

// Realtime, storage, functions and mail are separate modules; the host mounts whichever exist
// so each can be built and tested on its own.
async function optionalModules(): Promise<OptionalModules> {
  const load = async <T>(file: string, name: string): Promise<T | undefined> => {
    const url = new URL(file, import.meta.url)
    if (!existsSync(url)) return undefined
    const mod = (await import(url.href)) as Record<string, unknown>
    return mod[name] as T | undefined
  }
  return {
    storage: await load('./storage.ts', 'storageRoutes'),
    functions: await load('./functions.ts', 'functionRoutes'),
    realtime: await load('./realtime.ts', 'attachRealtime'),
    mailer: await load('./mail.ts', 'startMailer'),
    whatsapp: await load('./whatsapp.ts', 'startWhatsAppSender'),
    scheduler: await load('./scheduler.ts', 'startScheduler'),
    backups: await load('./backup.ts', 'startBackups'),
  }
}

/** Requests Node refuses before the app sees them get the reason in words. */
function explainClientErrors(server: Server) {
  // (An address or headers too long, a malformed request line: like every other refusal.)
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
    const body = JSON.stringify({
      message: tooLarge
        ? 'The request address or headers are too long.'
        : 'The request is not valid HTTP.',
    })
    socket.end(
      `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    )
  })
}

function listening<T extends NetServer>(server: T): Promise<T> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolvePromise(server)
    })
  })
}

// One spelling of the path before routing and every limit (see withNormalPath).
const normalFetch = (app: Hono) => (req: Request, env: unknown) =>
  app.fetch(withNormalPath(req), env)

function listen(app: Hono, port: number, hostname: string): Promise<Server> {
  const server = serve({ fetch: normalFetch(app), port, hostname }) as Server
  explainClientErrors(server)
  return listening(server)
}

interface Listening {
  /** The server of the app's requests and upgrades (realtime). */
  server: Server
  /** What listens on the port, when it is not `server` itself. */
  front?: NetServer
  /** The plain-HTTP side beside HTTPS. */
  plain?: Server
}

/**
 * HTTPS and plain HTTP on one port: the first byte of a connection tells a TLS handshake (0x16)
 * from an HTTP request, so a phone that types http://192.168.1.5:3000/ca gets the page that helps
 * it trust the host, and every other plain request is sent to https on the same address.
 */
async function listenTls(
  app: Hono,
  plainApp: Hono,
  certificate: HostCertificate,
  port: number,
  hostname: string,
): Promise<Listening> {
  const server = createAdaptorServer({ fetch: normalFetch(app) }) as Server
  const plain = createAdaptorServer({ fetch: normalFetch(plainApp) }) as Server
  explainClientErrors(server)
  explainClientErrors(plain)
  const secureContext = createSecureContext({ key: certificate.key, cert: certificate.cert })
  const front = createNetServer((socket) => {
    socket.on('error', () => socket.destroy())
    socket.once('data', (first: Buffer) => {
      socket.pause()
      if (first[0] !== 0x16) {
        socket.unshift(first)
        plain.emit('connection', socket)
        socket.resume()
        return
      }
      // TLS reads a socket's own handle, past anything unshifted: it reads a stream that
      // replays the first bytes instead, and is told the caller's address (rate limits use it).
      const tls = new TLSSocket(replaying(socket, first), {
        isServer: true,
        secureContext,
        ALPNProtocols: ['http/1.1'],
      })
      Object.assign(tls, {
        _peername: {
          address: socket.remoteAddress,
          family: socket.remoteFamily,
          port: socket.remotePort,
        },
      })
      tls.on('error', () => tls.destroy())
      tls.once('secure', () => server.emit('connection', tls))
    })
  })
  const ready = listening(front)
  front.listen(port, hostname)
  await ready
  return { server, front, plain }
}

/** A stream of a socket's data that starts with bytes already read from it. */
function replaying(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read: () => void socket.resume(),
    write: (chunk: Buffer, _encoding, done) => void socket.write(chunk, done),
    final: (done) => void socket.end(done),
    destroy: (error, done) => {
      socket.destroy()
      done(error)
    },
  })
  stream.push(first)
  socket.on('data', (chunk: Buffer) => {
    if (!stream.push(chunk)) socket.pause()
  })
  socket.on('end', () => stream.push(null))
  socket.on('close', () => stream.destroy())
  return stream
}

export async function startHost(options: HostOptions = {}): Promise<Host> {
  const log = options.log ?? (() => {})
  const dataDir = options.dataDir ?? '.data'
  const hostname = options.host ?? '127.0.0.1'
  const trustProxy = options.trustProxy ?? []
  const keys = await makeKeys(
    await hostJwtSecret({
      given: options.jwtSecret,
      hostname,
      behindProxy: trustProxy.length > 0,
      dataDir: options.memory ? undefined : dataDir,
      log,
    }),
  )
  const limits = new RateLimiter(
    options.authRateLimits ?? readAuthRateLimits(),
    options.rateLimitFactor ?? 1,
  )
  // One sender for every e-mail the host sends, unless MAIL_FROM says otherwise.
  const mailFrom = options.mailFrom ?? 'Learning Centre <no-reply@localhost>'
  const certificate = options.https ? await hostCertificate(dataDir, { log }) : undefined
  const db = await openDb({
    url: options.databaseUrl,
    dataDir,
    memory: options.memory,
    image: options.image,
  })
  const closers: Closable[] = []
  let servers: Listening | undefined
  try {
    await migrate(db, { log })
    if (options.seed !== false && (await seedIfEmpty(db, { log }))) log('seeded the demo centre')

    const deps: HostDeps = {
      db,
      keys,
      url: '',
      siteUrl: options.siteUrl ?? '',
      authenticate: requestAuthenticator(keys, db),
      verifyToken: tokenVerifier(keys),
      withAuth: (auth, fn) => runAs(db, auth, fn),
      limits,
      clientIp: clientIpOf,
    }
    const modules = await optionalModules()
    const app = new Hono()
    // Who is calling, once per request: the socket's address, or a trusted proxy's word for it.
    app.use('/*', async (c, next) => {
      let socket: string | undefined
      try {
        socket = getConnInfo(c).remote.address
      } catch {
        socket = undefined
      }
      rememberClientIp(c.req.raw, clientIp(c.req.raw, socket, trustProxy))
      await next()
    })
    app.use(
      '/*',
      cors({
        origin: '*',
        allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowHeaders: [
          'authorization',
          'apikey',
          'content-type',
          'x-client-info',
          'x-supabase-api-version',
          'prefer',
          'accept-profile',
          'content-profile',
          'range',
          'x-upsert',
          'cache-control',
          'x-retry-count',
          'x-region',
        ],
        exposeHeaders: [
          'content-range',
          'content-length',
          'x-total-count',
          'link',
          'x-supabase-api-version',
          'x-sb-error-code',
          'etag',
        ],
        maxAge: 3600,
      }),
    )
    // API answers (a first pull of a few thousand rows, say) travel compressed on slow links.
    app.use('/rest/v1/*', compress())
    app.use('/auth/v1/*', compress())
    app.route('/auth/v1', authRoutes(deps, { mailFrom }))
    app.route('/rest/v1', restRoutes(deps))
    if (modules.storage)
      app.route(
        '/storage/v1',
        modules.storage({
          ...deps,
          // Files live beside the PGlite data, or in the data folder when Postgres holds the rows.
          dataDir: options.memory ? undefined : dataDir,
        }),
      )
    // The same deps object, not a copy: the host's URL is filled in once the server listens, and
    // functions read it per request (a copy would keep the empty URL and break every function).
    if (modules.functions)
      app.route(
        '/functions/v1',
        modules.functions(
          Object.assign(deps, { smtpUrl: options.smtpUrl, mailFrom, whatsapp: options.whatsapp }),
        ),
      )
    // The page that helps each phone trust the host's certificate authority.
    if (certificate) app.route('/', caRoutes(certificate))
    // The app's files and pages; an API address nothing answers is never a page.
    const serveApp = staticHandler(options.distDir ?? 'dist', { anonKey: keys.anonKey })
    app.on(['GET', 'HEAD'], '/*', (c, next) => (API_PATH.test(c.req.path) ? next() : serveApp(c)))
    // Any other address: a JSON answer like every API's, not a bare "404 Not Found".
    app.notFound((c) =>
      c.json({ message: `Nothing answers ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
    )
    app.onError((error, c) => {
      console.error('[host]', error)
      return c.json({ message: 'Internal server error' }, 500)
    })

    if (certificate) {
      // Plain HTTP beside HTTPS: the /ca page, and a redirect to https for everything else.
      const plainApp = caRoutes(certificate)
      plainApp.all('/*', (c) => {
        const url = new URL(c.req.url)
        url.protocol = 'https:'
        return c.redirect(url.toString(), 308)
      })
      servers = await listenTls(app, plainApp, certificate, options.port ?? 0, hostname)
    } else servers = { server: await listen(app, options.port ?? 0, hostname) }
    const server = servers.server
    const { port } = (servers.front ?? server).address() as AddressInfo
    const shown =
      hostname === '0.0.0.0' || hostname === '::'
        ? 'localhost'
        : hostname.includes(':')
          ? `[${hostname}]`
          : hostname
    deps.url = `${certificate ? 'https' : 'http'}://${shown}:${port}`
    deps.siteUrl ||= deps.url
    if (modules.realtime) closers.push(modules.realtime(server, deps))
    if (modules.mailer)
      closers.push(modules.mailer({ ...deps, smtpUrl: options.smtpUrl, mailFrom }))
    if (modules.whatsapp) closers.push(modules.whatsapp({ ...deps, whatsapp: options.whatsapp }))
    // Before the scheduler, so a backup that came due while the host was down is heard.
    if (modules.backups)
      closers.push(
        modules.backups({
          db,
          dataDir: options.memory ? undefined : dataDir,
          backupDir: options.memory ? undefined : (options.backupDir ?? defaultBackupDir(dataDir)),
          databaseUrl: options.databaseUrl,
          log,
        }),
      )
    if (modules.scheduler) {
      await Promise.all(closers.map((c) => c.ready))
      closers.push(modules.scheduler(deps))
    }
    await Promise.all(closers.map((c) => c.ready))

    let stopping: Promise<void> | undefined
    const running = servers
    return {
      url: deps.url,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      publishableKey: keys.publishableKey,
      secretKey: keys.secretKey,
      jwtSecret: keys.jwtSecret,
      db,
      certificate,
      stop: () =>
        (stopping ??= shutdown(running, [...closers, { close: async () => limits.close() }], db)),
    }
  } catch (error) {
    await shutdown(servers, closers, db).catch(() => {})
    throw error
  }
}

/** Stops accepting, lets modules finish (mail in flight, sockets), then closes the database. */
async function shutdown(
  servers: Listening | undefined,
  closers: Closable[],
  db: Db,
): Promise<void> {
  const server = servers?.server
  const closed = Promise.all(
    [servers?.front, servers?.plain, server].map((s) =>
      s ? new Promise<void>((resolvePromise) => s.close(() => resolvePromise())) : undefined,
    ),
  )
  for (const closer of closers.reverse())
    await closer.close().catch((e: unknown) => console.error('[host]', e))
  server?.closeIdleConnections()
  servers?.plain?.closeIdleConnections()
  const force = setTimeout(() => {
    server?.closeAllConnections()
    servers?.plain?.closeAllConnections()
  }, 2000)
  await closed
  clearTimeout(force)
  await db.close()
}

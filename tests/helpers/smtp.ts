// A real SMTP server on loopback (smtp-server; a login only when asked for; plain, or implicit TLS
// as on port 465 when given a certificate) that keeps what it accepted, so tests read the e-mails
// the app sent. A message counts as arrived only once the server has
// answered 250 to its DATA, which is when a real server takes responsibility for it.
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  html: string
  text: string
  messageId: string
  headers: Map<string, string>
  attachments: {
    filename: string
    contentType: string
    content: Buffer
    /** Where the part is shown: 'attachment', or 'inline' (an image the HTML names by `cid`). */
    contentDisposition: string
    /** Its Content-ID without the angle brackets, when it has one. */
    cid?: string
  }[]
  raw: string
}

export interface Hold {
  /** Resolves when the whole message has been received and the server is about to answer. */
  arrived: Promise<void>
  /** Resolves when the client of the held message has disconnected. */
  clientGone: Promise<void>
  /** Lets the server answer (250, or nothing if the client has gone). */
  release(): void
}

export interface TestSmtp {
  /** Where to send, with the right user and password when the server asks for a login. */
  url: string
  port: number
  messages: ReceivedMail[]
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>
  /**
   * Refuses recipients matching `test` with an SMTP error (4xx: try later, 5xx: never) until the
   * returned function is called.
   */
  refuseRecipients(test: (address: string) => boolean, code: number, message: string): () => void
  /** Holds the next message's 250 answer until released. */
  holdNext(): Hold
  close(): Promise<void>
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

export interface SmtpOptions {
  /** The only user and password the server accepts; without it, no login is asked for. */
  login?: { user: string; pass: string }
  /** Implicit TLS from the first byte (smtps://, as on port 465) with this key and certificate. */
  tls?: { key: string; cert: string }
}

export async function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const login = options.login
  const messages: ReceivedMail[] = []
  const waiters = new Set<{
    predicate: (m: ReceivedMail) => boolean
    resolve: (m: ReceivedMail) => void
  }>()
  const refusals: { test: (a: string) => boolean; code: number; message: string }[] = []
  const closedSessions = new Set<string>()
  type HoldState = {
    arrived: ReturnType<typeof deferred>
    released: ReturnType<typeof deferred>
    gone: ReturnType<typeof deferred>
    session?: string
  }
  let nextHold: HoldState | null = null
  const held = new Set<HoldState>()

  const accept = (mail: ReceivedMail) => {
    messages.push(mail)
    for (const w of [...waiters]) {
      if (w.predicate(mail)) {
        waiters.delete(w)
        w.resolve(mail)
      }
    }
  }

  const server = new SMTPServer({
    ...(options.tls ? { secure: true, key: options.tls.key, cert: options.tls.cert } : {}),
    authOptional: !login,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: login ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass)
        return callback(null, { user: auth.username })
      callback(
        Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }),
      )
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.find((r) => r.test(address.address))
      if (!refusal) return callback()
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const hold = nextHold
        nextHold = null
        const finish = () => {
          if (closedSessions.has(session.id)) return callback(new Error('client went away'))
          accept(parseMail(Buffer.concat(chunks).toString('utf8'), session))
          callback()
        }
        if (!hold) return finish()
        hold.session = session.id
        held.add(hold)
        hold.arrived.resolve()
        void hold.released.promise.then(finish)
      })
    },
    onClose(session) {
      closedSessions.add(session.id)
      for (const hold of held) {
        if (hold.session === session.id) {
          held.delete(hold)
          hold.gone.resolve()
        }
      }
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  const credentials = login
    ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@`
    : ''
  return {
    url: options.tls
      ? `smtps://${credentials}localhost:${port}`
      : `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    waitForMail(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: ReceivedMail) => {
            clearTimeout(timer)
            resolve(m)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(
            new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`),
          )
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    refuseRecipients(test, code, message) {
      const refusal = { test, code, message }
      refusals.push(refusal)
      return () => {
        const at = refusals.indexOf(refusal)
        if (at >= 0) refusals.splice(at, 1)
      }
    },
    holdNext() {
      const hold: HoldState = { arrived: deferred(), released: deferred(), gone: deferred() }
      nextHold = hold
      return {
        arrived: hold.arrived.promise,
        clientGone: hold.gone.promise,
        release: hold.released.resolve,
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// --- A small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable).

interface Part {
  headers: Map<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n')
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function param(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}\\*?=("([^"]*)"|[^;\\s]+)`, 'i').exec(header ?? '')
  return match ? (match[2] ?? match[1]) : undefined
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
  if (encoding === 'quoted-printable') {
    const soft = part.body.replace(/=\r\n/g, '')
    const bytes: number[] = []
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
        i += 2
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'))
    }
    return Buffer.from(bytes)
  }
  return Buffer.from(part.body, 'utf8')
}

/** `=?utf-8?Q?...?=` / `=?utf-8?B?...?=` words in headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeBody({
              headers: new Map([['content-transfer-encoding', 'quoted-printable']]),
              body: text.replace(/_/g, ' '),
            }).toString('utf8'),
    )
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain'
  if (!/^multipart\//i.test(type)) return [part]
  const boundary = param(type, 'boundary')
  if (!boundary) return []
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''))))
}

export function parseMail(raw: string, session?: SMTPServerSession): ReceivedMail {
  const top = splitPart(raw)
  const parts = leaves(top)
  const textOf = (type: string) => {
    const part = parts.find(
      (p) =>
        (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type) &&
        !p.headers.get('content-disposition')?.startsWith('attachment'),
    )
    // The last line break belongs to the message's end, not to the text.
    return part
      ? decodeBody(part)
          .toString('utf8')
          .replace(/\r?\n$/, '')
      : ''
  }
  return {
    from: session?.envelope.mailFrom
      ? session.envelope.mailFrom.address
      : (top.headers.get('from') ?? ''),
    to: session ? session.envelope.rcptTo.map((r) => r.address) : [],
    subject: decodeWords(top.headers.get('subject') ?? ''),
    html: textOf('text/html'),
    text: textOf('text/plain'),
    messageId: top.headers.get('message-id') ?? '',
    headers: top.headers,
    attachments: parts
      .filter((p) => /^(attachment|inline)/i.test(p.headers.get('content-disposition') ?? ''))
      .filter(
        (p) =>
          !/^inline/i.test(p.headers.get('content-disposition')!) || p.headers.has('content-id'),
      )
      .map((p) => {
        const cid = p.headers.get('content-id')?.replace(/^<|>$/g, '')
        return {
          filename: decodeWords(param(p.headers.get('content-disposition'), 'filename') ?? ''),
          contentType: (p.headers.get('content-type') ?? '').split(';')[0]!.trim(),
          content: decodeBody(p),
          contentDisposition: p.headers
            .get('content-disposition')!
            .split(';')[0]!
            .trim()
            .toLowerCase(),
          ...(cid ? { cid } : {}),
        }
      }),
    raw,
  }
}

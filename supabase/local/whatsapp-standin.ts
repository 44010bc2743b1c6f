// A stand-in for Meta's WhatsApp Cloud API on loopback, for development and tests. It takes
// POST /v21.0/{phone-number-id}/messages as Meta does, checks each request's shape (token, phone
// number id, the text or template body), refuses free text to a person who has not written in
// the last 24 hours (Meta's 131047), fails a share of calls (failRate, seeded) before taking the
// message, and answers with a message id. It plays the person's side through the webhook, signed
// with the app secret as Meta signs: the delivery reports of each message it took, and replies.
//   POST /_standin/reply   {from, text, name?}   a person writes to the centre
//   POST /_standin/status  {wamid, status, reason?} a delivery report
//   POST /_standin/press   {wamid, button}        a person presses a quick reply (0, 1 …)
//                                                 of a template message it took
//   GET  /_standin/messages                      what it took
// Run on its own: npx tsx supabase/local/whatsapp-standin.ts [--port 3002] [--webhook URL]
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { MEETING_ANSWERS, readAnswerPayload, signatureOf } from '../functions/_shared/whatsapp.ts'

export interface StandInOptions {
  port?: number
  token?: string
  phoneNumberId?: string
  appSecret?: string
  /** Where deliveries go (the host's /functions/v1/whatsapp-webhook). */
  webhookUrl?: string
  /** Share of send calls answered with a 500 before the message is taken (0 to 1). */
  failRate?: number
  seed?: number
  /** Delivery reports sent by themselves for each message taken, in order. */
  autoReport?: ('sent' | 'delivered' | 'read')[]
}

export interface TakenMessage {
  wamid: string
  to: string
  type: 'text' | 'template'
  body: unknown
}

export interface StandIn {
  /** The API's base URL, as WHATSAPP_API_URL. */
  apiUrl: string
  token: string
  phoneNumberId: string
  appSecret: string
  taken: TakenMessage[]
  /** The ids of the person's messages the centre marked read. */
  readReceipts: string[]
  /** Every send call, whatever its answer: to whom (when readable), the status and the answer. */
  calls: { to: string | null; status: number; body: unknown }[]
  setWebhook(url: string): void
  setFailRate(rate: number): void
  reply(from: string, text: string, name?: string): Promise<Response>
  report(wamid: string, status: string, reason?: string): Promise<Response>
  /** The person presses quick reply `button` of the template message `wamid`. */
  press(wamid: string, button: number): Promise<Response>
  /** A delivery signed with another secret (for tests of the refusal). */
  deliver(payload: unknown, secret?: string): Promise<Response>
  close(): Promise<void>
}

const VERSION = 'v21.0'
const WINDOW_MS = 24 * 60 * 60 * 1000

function random(seed: number): () => number {
  let state = seed >>> 0 || 1
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const graphError = (code: number, message: string, details?: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: 'standin',
  },
})

/** What is wrong with a send request's body, or null (Meta's documented shapes). */
export function shapeProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object') return 'The body must be a JSON object'
  const b = body as Record<string, unknown>
  if (b.messaging_product !== 'whatsapp') return 'messaging_product must be "whatsapp"'
  if (b.status !== undefined) {
    if (b.status !== 'read') return 'status must be "read"'
    return typeof b.message_id === 'string' && b.message_id ? null : 'message_id is required'
  }
  if (typeof b.to !== 'string' || !/^[0-9]{8,15}$/.test(b.to))
    return 'to must be the digits of a number'
  if (b.type === 'text') {
    const text = b.text as { body?: unknown } | undefined
    if (typeof text?.body !== 'string' || !text.body.trim() || text.body.length > 4096)
      return 'text.body must be 1 to 4096 characters'
    return null
  }
  if (b.type === 'template') {
    const t = b.template as Record<string, unknown> | undefined
    if (typeof t?.name !== 'string' || !t.name) return 'template.name is required'
    const language = t.language as { code?: unknown } | undefined
    if (typeof language?.code !== 'string') return 'template.language.code is required'
    const components = t.components
    if (!Array.isArray(components)) return 'template.components must be a list'
    for (const c of components as Record<string, unknown>[]) {
      if (!Array.isArray(c.parameters)) return 'every component needs parameters'
      if (c.type === 'button') {
        if (c.sub_type !== 'quick_reply' || typeof c.index !== 'string')
          return 'a button component needs sub_type quick_reply and its index'
        for (const p of c.parameters as Record<string, unknown>[])
          if (p.type !== 'payload' || typeof p.payload !== 'string' || !p.payload)
            return 'a quick reply carries a payload'
        continue
      }
      for (const p of c.parameters as Record<string, unknown>[])
        if (p.type !== 'text' || typeof p.text !== 'string' || !p.text.trim())
          return 'every parameter must be non-empty text'
    }
    return null
  }
  return `type ${String(b.type)} is not one the centre sends`
}

export async function startCloudApiStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const token = options.token ?? 'standin-token'
  const phoneNumberId = options.phoneNumberId ?? '100000000000001'
  const appSecret = options.appSecret ?? 'standin-app-secret'
  let failRate = options.failRate ?? 0
  const next = random(options.seed ?? 20261127)
  let webhookUrl = options.webhookUrl ?? ''
  const taken: TakenMessage[] = []
  const readReceipts: string[] = []
  const calls: StandIn['calls'] = []
  const lastWrote = new Map<string, number>()
  let counter = 0

  async function deliver(payload: unknown, secret = appSecret): Promise<Response> {
    if (!webhookUrl) throw new Error('The stand-in has no webhook address')
    const body = JSON.stringify(payload)
    return fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': await signatureOf(body, secret),
      },
      body,
    })
  }
  const change = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'standin-waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  })
  function report(wamid: string, status: string, reason?: string) {
    const to = taken.find((t) => t.wamid === wamid)?.to ?? '0'
    return deliver(
      change({
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: to,
            ...(reason
              ? { errors: [{ code: 131026, title: reason, error_data: { details: reason } }] }
              : {}),
          },
        ],
      }),
    )
  }
  function reply(from: string, text: string, name = 'Parent') {
    lastWrote.set(from, Date.now())
    counter++
    return deliver(
      change({
        contacts: [{ profile: { name }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.standin.in.${Date.now()}.${counter}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      }),
    )
  }

  function press(wamid: string, button: number) {
    const message = taken.find((t) => t.wamid === wamid)
    const components = ((message?.body as { template?: { components?: unknown } } | undefined)
      ?.template?.components ?? []) as {
      type?: string
      index?: string
      parameters?: { payload?: string }[]
    }[]
    const quick = components.find((c) => c.type === 'button' && c.index === String(button))
    const payload = quick?.parameters?.[0]?.payload
    if (!message || !payload)
      throw new Error(`The stand-in took no template message ${wamid} with a button ${button}`)
    const answer = readAnswerPayload(payload)
    lastWrote.set(message.to, Date.now())
    counter++
    return deliver(
      change({
        contacts: [{ profile: { name: 'Parent' }, wa_id: message.to }],
        messages: [
          {
            context: { from: '15550000000', id: wamid },
            from: message.to,
            id: `wamid.standin.in.${Date.now()}.${counter}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'button',
            button: { payload, text: answer ? MEETING_ANSWERS[answer.answer] : `Button ${button}` },
          },
        ],
      }),
    )
  }

  let lastTo: string | null = null
  async function handleSend(req: IncomingMessage, id: string): Promise<[number, unknown]> {
    lastTo = null
    if (req.headers.authorization !== `Bearer ${token}`)
      return [401, graphError(190, 'Invalid OAuth access token')]
    if (id !== phoneNumberId)
      return [400, graphError(100, 'Unsupported post request', `No phone number ${id}`)]
    if (!String(req.headers['content-type'] ?? '').startsWith('application/json'))
      return [400, graphError(100, 'Invalid parameter', 'Content-Type must be application/json')]
    let body: unknown
    try {
      body = JSON.parse(await read(req))
    } catch {
      return [400, graphError(100, 'Invalid parameter', 'The body is not JSON')]
    }
    const to = (body as { to?: unknown } | null)?.to
    lastTo = typeof to === 'string' ? to : null
    const problem = shapeProblem(body)
    if (problem) return [400, graphError(100, 'Invalid parameter', problem)]
    if (next() < failRate) return [500, graphError(131000, 'Something went wrong')]
    const receipt = body as { status?: string; message_id?: string }
    if (receipt.status === 'read') {
      readReceipts.push(receipt.message_id!)
      return [200, { success: true }]
    }
    const b = body as { to: string; type: 'text' | 'template' }
    if (b.type === 'text' && Date.now() - (lastWrote.get(b.to) ?? 0) > WINDOW_MS)
      return [
        400,
        graphError(
          131047,
          'Re-engagement message',
          'More than 24 hours have passed since the recipient last replied',
        ),
      ]
    counter++
    const wamid = `wamid.standin.${counter}`
    taken.push({ wamid, to: b.to, type: b.type, body })
    const auto = options.autoReport ?? []
    if (auto.length && webhookUrl) {
      void (async () => {
        for (const status of auto) {
          await new Promise((r) => setTimeout(r, 100))
          await report(wamid, status).catch(() => {})
        }
      })()
    }
    return [
      200,
      {
        messaging_product: 'whatsapp',
        contacts: [{ input: b.to, wa_id: b.to }],
        messages: [{ id: wamid }],
      },
    ]
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const route = new RegExp(`^/${VERSION.replace('.', '\\.')}/([^/]+)/messages$`).exec(
      url.pathname,
    )
    void (async () => {
      if (req.method === 'POST' && route) {
        const [status, body] = await handleSend(req, decodeURIComponent(route[1]!))
        calls.push({ to: lastTo, status, body })
        return send(status, body)
      }
      if (req.method === 'GET' && url.pathname === '/_standin/messages') return send(200, taken)
      if (req.method === 'GET' && url.pathname === '/_standin/read') return send(200, readReceipts)
      if (req.method === 'POST' && url.pathname === '/_standin/reply') {
        const { from, text, name } = JSON.parse(await read(req)) as Record<string, string>
        const answer = await reply(from!, text!, name)
        return send(answer.status, await answer.json().catch(() => ({})))
      }
      if (req.method === 'POST' && url.pathname === '/_standin/press') {
        const { wamid, button } = JSON.parse(await read(req)) as { wamid?: string; button?: number }
        const answer = await press(String(wamid), Number(button ?? 0))
        return send(answer.status, await answer.json().catch(() => ({})))
      }
      if (req.method === 'POST' && url.pathname === '/_standin/status') {
        const { wamid, status, reason } = JSON.parse(await read(req)) as Record<string, string>
        const answer = await report(wamid!, status!, reason)
        return send(answer.status, await answer.json().catch(() => ({})))
      }
      send(404, graphError(100, 'Unknown path'))
    })().catch((error: unknown) => send(500, { error: { message: String(error) } }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiUrl: `http://127.0.0.1:${port}/${VERSION}`,
    token,
    phoneNumberId,
    appSecret,
    taken,
    readReceipts,
    calls,
    setWebhook: (url) => {
      webhookUrl = url
    },
    setFailRate: (rate) => {
      failRate = rate
    },
    reply,
    report,
    press,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

// On its own, for development: prints what to give `npm start`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, webhook: { type: 'string' } },
  })
  const standIn = await startCloudApiStandIn({
    port: Number(values.port ?? 3002),
    webhookUrl: values.webhook ?? 'http://127.0.0.1:3000/functions/v1/whatsapp-webhook',
    autoReport: ['sent', 'delivered'],
  })
  console.log(
    [
      'WhatsApp Cloud API stand-in. Start the app with:',
      `  WHATSAPP_API_URL=${standIn.apiUrl} WHATSAPP_PHONE_NUMBER_ID=${standIn.phoneNumberId} \\`,
      `  WHATSAPP_TOKEN=${standIn.token} WHATSAPP_APP_SECRET=${standIn.appSecret} npm start`,
      `A reply: curl -X POST ${standIn.apiUrl.replace(`/${VERSION}`, '')}/_standin/reply -d '{"from":"919000000003","text":"Hello"}'`,
    ].join('\n'),
  )
}

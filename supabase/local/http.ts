// Request helpers shared by the host's routes: bounded JSON bodies and the caller's address.
import { HttpError } from './deps.ts'

/** JSON bodies larger than this are refused before parsing (PostgREST and GoTrue sit behind a
 * gateway with a similar limit); uploads have their own limit in storage. */
export const JSON_BODY_LIMIT = 1024 * 1024

/**
 * Reads a request body as JSON, refusing bodies over `limit` bytes without buffering them
 * whole. An empty body reads as `undefined`. Throws HttpError 'payload_too_large' (413) or
 * 'invalid_json' (400); callers re-shape those for their API.
 */
export async function readJson(req: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0')
  if (declared > limit) throw tooLarge(limit)
  if (!req.body) return undefined
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw tooLarge(limit)
    }
    chunks.push(value)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new HttpError(
      400,
      'invalid_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    )
  }
}

function tooLarge(limit: number) {
  return new HttpError(413, 'payload_too_large', `Request body is larger than ${limit} bytes`)
}

/** A JSON object body, or an empty object when there is none. */
export async function readJsonObject(
  req: Request,
  limit = JSON_BODY_LIMIT,
): Promise<Record<string, unknown>> {
  const body = await readJson(req, limit)
  if (body === undefined) return {}
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_json', 'Request body must be a JSON object')
  }
  return body as Record<string, unknown>
}

export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

const bare = (address: string) =>
  address
    .trim()
    .replace(/^::ffff:/, '')
    .replace(/^\[|\]$/g, '')

/**
 * The client address. X-Forwarded-For and X-Real-IP are believed only from a proxy the operator
 * named (TRUST_PROXY): anyone else could write any address there. Behind trusted proxies the
 * client is the last address in X-Forwarded-For that is not one of them.
 */
export function clientIp(
  req: Request,
  socketAddress: string | undefined,
  trustedProxies: readonly string[] = [],
): string | null {
  const socket = socketAddress ? bare(socketAddress) : null
  const trusted = new Set(trustedProxies.map(bare))
  if (!socket || !trusted.has(socket)) return socket
  const chain = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(bare)
    .filter((a) => a !== '')
  for (let i = chain.length - 1; i >= 0; i--) if (!trusted.has(chain[i]!)) return chain[i]!
  return chain[0] ?? (req.headers.get('x-real-ip') ? bare(req.headers.get('x-real-ip')!) : socket)
}

/** TRUST_PROXY: a comma-separated list of proxy addresses ("127.0.0.1,::1"). */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((a) => bare(a))
    .filter((a) => a !== '')
}

// The address each request came from, worked out once by the host's first middleware.
const addresses = new WeakMap<Request, string | null>()

export function rememberClientIp(req: Request, ip: string | null): void {
  addresses.set(req, ip)
}

export function clientIpOf(req: Request): string | null {
  return addresses.get(req) ?? null
}

/**
 * The request with its path in one spelling: letters, digits and `-._~` written as percent codes
 * (`/auth/v1/%74oken`) are the same path (RFC 3986 §6.2.2.2), so they are decoded once, before any
 * route or limit reads the path; otherwise a limit keyed on the raw path could be walked around
 * while the router, which decodes, still answers. Other codes (`%2F`, `%25`) are left as sent.
 */
export function withNormalPath(req: Request): Request {
  const url = new URL(req.url)
  const path = url.pathname.replace(/%([0-9A-Fa-f]{2})/g, (code, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(char) ? char : code.toUpperCase()
  })
  if (path === url.pathname) return req
  url.pathname = path
  return new Request(url, req)
}

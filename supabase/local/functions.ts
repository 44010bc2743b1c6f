// /functions/v1/:name like Supabase's functions gateway: checks the caller's JWT unless the
// function opts out in config.toml, answers CORS preflights, and runs the web-standard handler
// exported by supabase/functions/<name>/handler.ts, created once with the host's environment.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Hono, type Context } from 'hono'
import type { FunctionEnv } from '../functions/_shared/env.ts'
import { corsHeaders } from '../functions/_shared/http.ts'
import { BODY_PROBLEM_MESSAGES, FUNCTION_BODY_LIMIT } from '../functions/_shared/input.ts'
import type { HostDeps } from './deps.ts'
import { provideEdgeGlobals } from './edge-runtime.ts'

type Handler = (req: Request) => Promise<Response>

export interface FunctionOptions {
  /** SMTP URL and default sender handed to functions as SMTP_URL / MAIL_FROM. */
  smtpUrl?: string
  mailFrom?: string
  functionsDir?: string
  configPath?: string
  /** Meta's Cloud API settings handed to functions as WHATSAPP_* (none: messages stay queued). */
  whatsapp?: WhatsAppSettings
}

export interface WhatsAppSettings {
  apiUrl?: string
  phoneNumberId?: string
  token?: string
  appSecret?: string
  verifyToken?: string
  template?: string
}

/** The WHATSAPP_* variables of a function's environment. */
export function whatsappEnv(w: WhatsAppSettings | undefined): Partial<FunctionEnv> {
  if (!w) return {}
  const entries: [keyof FunctionEnv, string | undefined][] = [
    ['WHATSAPP_API_URL', w.apiUrl],
    ['WHATSAPP_PHONE_NUMBER_ID', w.phoneNumberId],
    ['WHATSAPP_TOKEN', w.token],
    ['WHATSAPP_APP_SECRET', w.appSecret],
    ['WHATSAPP_VERIFY_TOKEN', w.verifyToken],
    ['WHATSAPP_TEMPLATE', w.template],
  ]
  return Object.fromEntries(entries.filter(([, v]) => v)) as Partial<FunctionEnv>
}

const NAME = /^[a-z][a-z0-9-_]*$/
const defaultFunctionsDir = fileURLToPath(new URL('../functions/', import.meta.url))
const defaultConfigPath = fileURLToPath(new URL('../config.toml', import.meta.url))

/** Names of `[functions.<name>]` sections that say `verify_jwt = false`. */
export function functionsWithoutJwt(toml: string): Set<string> {
  const open = new Set<string>()
  let section: string | null = null
  for (const raw of toml.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim()
    const header = /^\[([^\]]+)\]$/.exec(line)
    if (header) {
      const name = /^functions\.("?)([^".]+)\1$/.exec(header[1]!.trim())
      section = name ? name[2]! : null
      continue
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line)
    if (section && setting) {
      if (setting[1] === 'false') open.add(section)
      else open.delete(section)
    }
  }
  return open
}

function withCors(res: Response): Response {
  if (res.headers.has('access-control-allow-origin')) return res
  const headers = new Headers(res.headers)
  for (const [k, v] of Object.entries(corsHeaders)) headers.set(k, v)
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}

/** The answer, with the connection closed after it (a body the function did not read). */
function closing(res: Response): Response {
  const headers = new Headers(res.headers)
  headers.set('connection', 'close')
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
}

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'content-type': 'application/json; charset=utf-8' },
  })

export function functionRoutes(deps: HostDeps & FunctionOptions): Hono {
  provideEdgeGlobals()
  const dir = deps.functionsDir ?? defaultFunctionsDir
  const configPath = deps.configPath ?? defaultConfigPath
  const open = existsSync(configPath)
    ? functionsWithoutJwt(readFileSync(configPath, 'utf8'))
    : new Set<string>()
  const handlers = new Map<string, Promise<Handler>>()

  // SMTP comes only from the host's options (main.ts reads SMTP_URL), so a test host never
  // sends mail because of the shell it was started from.
  const mailFrom = deps.mailFrom ?? process.env.MAIL_FROM
  const env = (): FunctionEnv => ({
    SUPABASE_URL: deps.url,
    SUPABASE_ANON_KEY: deps.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
    ...(deps.keys.publishableKey
      ? { SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: deps.keys.publishableKey }) }
      : {}),
    ...(deps.keys.secretKey
      ? { SUPABASE_SECRET_KEYS: JSON.stringify({ default: deps.keys.secretKey }) }
      : {}),
    SITE_URL: deps.siteUrl || deps.url,
    ...(deps.smtpUrl ? { SMTP_URL: deps.smtpUrl } : {}),
    ...(mailFrom ? { MAIL_FROM: mailFrom } : {}),
    ...(deps.limits.factor !== 1 ? { RATE_LIMIT_FACTOR: String(deps.limits.factor) } : {}),
    ...whatsappEnv(deps.whatsapp),
  })

  function exists(name: string): boolean {
    if (!NAME.test(name)) return false
    try {
      return statSync(join(dir, name)).isDirectory() && existsSync(join(dir, name, 'handler.ts'))
    } catch {
      return false
    }
  }

  function load(name: string): Promise<Handler> {
    let handler = handlers.get(name)
    if (!handler) {
      handler = import(pathToFileURL(join(dir, name, 'handler.ts')).href).then(
        (mod: { createHandler?: (env: FunctionEnv) => Handler }) => {
          if (typeof mod.createHandler !== 'function')
            throw new Error(`${name}/handler.ts exports no createHandler`)
          return mod.createHandler(env())
        },
      )
      // A failed import is retried on the next call rather than remembered.
      handler.catch(() => handlers.delete(name))
      handlers.set(name, handler)
    }
    return handler
  }

  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? ''
    if (!exists(name)) return answer({ error: 'Function not found' }, 404)
    if (c.req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders })
    if (!open.has(name)) {
      const header = c.req.header('authorization')
      if (!header || !/^bearer\s+\S/i.test(header))
        return answer({ code: 401, message: 'Missing authorization header' }, 401)
      try {
        await deps.verifyToken(header.replace(/^bearer\s+/i, '').trim())
      } catch {
        return answer({ code: 401, message: 'Invalid JWT' }, 401)
      }
    }
    // No function reads a body larger than this; a larger one is not read at all, and the
    // connection is closed after the answer so the rest of it is not received either.
    if (Number(c.req.header('content-length') ?? 0) > FUNCTION_BODY_LIMIT)
      return closing(answer({ type: 'error', message: BODY_PROBLEM_MESSAGES.tooLarge }, 413))
    // Functions see their own path, without the /functions/v1 prefix, as on Supabase.
    const incoming = new URL(c.req.url)
    const at = incoming.pathname.indexOf(`/${name}`, incoming.pathname.indexOf('/functions/v1'))
    const url = new URL(incoming.pathname.slice(at) + incoming.search, deps.url || incoming.origin)
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD'
    // Functions read the caller's address from X-Forwarded-For, as behind Supabase's gateway:
    // the host writes it itself, so a caller cannot choose the address its limits count against.
    const headers = new Headers(c.req.raw.headers)
    headers.delete('x-real-ip')
    headers.delete('cf-connecting-ip')
    headers.set('x-forwarded-for', deps.clientIp(c.req.raw) ?? 'unknown')
    const req = new Request(url, {
      method: c.req.method,
      headers,
      body: hasBody ? c.req.raw.body : null,
      signal: c.req.raw.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
    try {
      const res = withCors(await (await load(name))(req))
      // A function that stopped reading a body over its limit: the rest is not received.
      return res.status === 413 ? closing(res) : res
    } catch (error) {
      console.error(`function ${name}:`, error)
      return answer({ error: 'The function failed', message: (error as Error).message }, 500)
    }
  }

  const app = new Hono()
  app.all('/:name', invoke)
  app.all('/:name/*', invoke)
  return app
}

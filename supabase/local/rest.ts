// /rest/v1/rpc/:fn with PostgREST's semantics for functions in the public schema: named
// arguments from the JSON body (or the query string for GET), the caller's role and claims set
// per transaction, PostgREST's result shapes and its error bodies and status codes. Tables are
// not served: the app reads through RPCs (sync_pull and friends).
import { Hono, type Context } from 'hono'
import type { Queryable } from './db.ts'
import { applyAuth, HttpError, type HostDeps, type RequestAuth } from './deps.ts'
import { TEXT_PROBLEM_MESSAGES, textProblem } from '../functions/_shared/input.ts'
import { readJson } from './http.ts'

interface PgrstError {
  code: string
  details: string | null
  hint: string | null
  message: string
}

const pgrst = (status: number, body: Partial<PgrstError> & { code: string; message: string }) =>
  new HttpError(status, body.code, body.message, { details: null, hint: null, ...body })

interface FunctionInfo {
  retset: boolean
  rettype: string
  composite: boolean
  nargs: number
  ndefaults: number
  argnames: string[]
  argmodes: string[]
  argtypes: string[]
}

interface Candidate {
  info: FunctionInfo
  inputs: { name: string; type: string }[]
  wholeBody: boolean
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

/** PostgREST's mapping of SQLSTATE to HTTP status (PostgREST.Error). */
export function pgStatus(code: string, role: RequestAuth['role']): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (code === '42883' || code === '42P01') return 404
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === 'P0001') return 400
  if (code === '42P17') return 500
  const cls = code.slice(0, 2)
  if (['08', '53'].includes(cls)) return 503
  if (['0L', '0P', '28'].includes(cls)) return 403
  if (cls === '54') return 413
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(
      cls,
    )
  )
    return 500
  return 400
}

function fromDatabaseError(error: unknown, role: RequestAuth['role']): HttpError {
  if (error instanceof HttpError) return error
  const e = error as { code?: unknown; detail?: unknown; hint?: unknown; message?: unknown }
  if (typeof e.code !== 'string' || !/^[0-9A-Z]{5}$/.test(e.code)) {
    console.error('[rest]', error)
    return pgrst(500, { code: 'PGRST000', message: 'Unexpected error while running the function' })
  }
  return pgrst(pgStatus(e.code, role), {
    code: e.code,
    message: String(e.message ?? ''),
    details: typeof e.detail === 'string' ? e.detail : null,
    hint: typeof e.hint === 'string' ? e.hint : null,
  })
}

/** Errors raised before SQL runs (keys, tokens, bodies) in PostgREST's words. */
function restError(error: unknown): Response {
  if (!(error instanceof HttpError)) return fromDatabaseError(error, 'anon').toResponse()
  switch (error.code) {
    case 'jwt_expired':
      return pgrst(401, { code: 'PGRST303', message: 'JWT expired' }).toResponse()
    case 'bad_jwt':
      return pgrst(401, { code: 'PGRST301', message: error.message }).toResponse()
    case 'invalid_json':
      return pgrst(400, {
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: error.message,
      }).toResponse()
    case 'payload_too_large':
      return pgrst(413, {
        code: 'PGRST102',
        message: 'Request body too large',
        details: error.message,
      }).toResponse()
    default:
      return error.toResponse()
  }
}

// Like PostgREST's schema cache, but per function and only for SIGNATURE_TTL_MS, so a function
// created or changed while the host runs is seen within that time without a reload signal. One
// catalog query per call cost about a third of a small RPC (sync_pull after a poke).
const SIGNATURE_TTL_MS = 2000
const signatures = new WeakMap<HostDeps['db'], Map<string, { at: number; rows: FunctionInfo[] }>>()

async function signaturesOf(db: HostDeps['db'], tx: Queryable, fn: string) {
  let cache = signatures.get(db)
  if (!cache) signatures.set(db, (cache = new Map()))
  const kept = cache.get(fn)
  if (kept && performance.now() - kept.at < SIGNATURE_TTL_MS) return kept.rows
  const rows = await tx.query<FunctionInfo>(
    `select p.proretset as retset, format_type(p.prorettype, null) as rettype,
            t.typrelid <> 0 as composite, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
            coalesce(p.proargnames, array[]::text[]) as argnames,
            coalesce(p.proargmodes::text[], array[]::text[]) as argmodes,
            array(select format_type(a.o, null) from unnest(p.proargtypes::oid[]) with ordinality as a(o, i)
                   order by a.i) as argtypes
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f'`,
    [fn],
  )
  // Only functions that exist are kept: one created next is found at once.
  if (rows.length > 0) cache.set(fn, { at: performance.now(), rows })
  else cache.delete(fn)
  return rows
}

function findCandidates(rows: FunctionInfo[], keys: string[], body: unknown): Candidate[] {
  const out: Candidate[] = []
  for (const info of rows) {
    const names = info.argmodes.length
      ? info.argnames.filter((_, i) => ['i', 'b', 'v'].includes(info.argmodes[i]!))
      : info.argnames.slice(0, info.nargs)
    const inputs = info.argtypes.map((type, i) => ({ name: names[i] ?? '', type }))
    const single =
      inputs.length === 1 && inputs[0]!.name === '' && ['json', 'jsonb'].includes(inputs[0]!.type)
    if (single && body !== undefined) {
      out.push({ info, inputs, wholeBody: true })
      continue
    }
    const required = inputs.slice(0, info.nargs - info.ndefaults).map((a) => a.name)
    const known = new Set(inputs.map((a) => a.name))
    if (keys.every((k) => known.has(k)) && required.every((r) => keys.includes(r))) {
      out.push({ info, inputs: inputs.filter((a) => keys.includes(a.name)), wholeBody: false })
    }
  }
  return out
}

function callSql(fn: string, c: Candidate): { sql: string; kind: 'set' | 'one' | 'void' } {
  const target = `public.${ident(fn)}`
  const kind = c.info.retset ? 'set' : c.info.rettype === 'void' ? 'void' : 'one'
  let call: string
  let from = ''
  if (c.wholeBody) {
    call = `${target}($1::${c.inputs[0]!.type})`
  } else if (c.inputs.length === 0) {
    call = `${target}()`
  } else {
    call = `${target}(${c.inputs.map((a) => `${ident(a.name)} := _a.${ident(a.name)}`).join(', ')})`
    from = ` from json_to_record($1::json) as _a(${c.inputs.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`
  }
  if (kind === 'set') {
    const source = from ? `${from.slice(6)}, lateral ${call} _r` : `${call} _r`
    return { sql: `select coalesce(json_agg(_r), '[]')::text as body from ${source}`, kind }
  }
  if (kind === 'void') return { sql: `select ${call} is null as done${from}`, kind }
  return { sql: `select to_json(${call})::text as body${from}`, kind }
}

async function handleRpc(c: Context, deps: HostDeps): Promise<Response> {
  const req = c.req.raw
  const auth = await deps.authenticate(req, { sessionInTransaction: true })
  const method = req.method
  const readOnly = method === 'GET' || method === 'HEAD'
  const profile = req.headers.get(readOnly ? 'accept-profile' : 'content-profile')
  if (profile && profile !== 'public') {
    throw pgrst(406, {
      code: 'PGRST106',
      message: 'The schema must be one of the following: public',
    })
  }
  const fn = c.req.param('fn') ?? ''
  const url = new URL(req.url)
  let args: Record<string, unknown> = {}
  let rawBody: unknown
  if (readOnly) {
    for (const [k, v] of url.searchParams) if (k !== 'apikey' && k !== 'select') args[k] = v
  } else {
    rawBody = await readJson(req)
    if (
      rawBody !== undefined &&
      (typeof rawBody !== 'object' || rawBody === null || Array.isArray(rawBody))
    ) {
      throw pgrst(400, { code: 'PGRST102', message: 'Function arguments must be a JSON object' })
    }
    args = (rawBody as Record<string, unknown> | undefined) ?? {}
    const problem = textProblem(args)
    if (problem) throw pgrst(400, { code: 'PGRST102', message: TEXT_PROBLEM_MESSAGES[problem] })
    const filters = [...url.searchParams.keys()].filter((k) => k !== 'select' && k !== 'apikey')
    if (filters.length) {
      throw pgrst(400, {
        code: 'PGRST100',
        message: `Filters on function results are not supported here: ${filters.join(', ')}`,
      })
    }
  }
  const keys = Object.keys(args).sort()
  const headers: Record<string, string> = {}
  req.headers.forEach((value, key) => {
    if (key !== 'authorization' && key !== 'apikey' && key !== 'cookie') headers[key] = value
  })
  // SQL reads the caller's address from here (the sign-in history): the host's own finding,
  // never what the caller wrote.
  delete headers['x-real-ip']
  headers['x-forwarded-for'] = deps.clientIp(req) ?? ''

  const result = await deps.db
    .transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only')
      await applyAuth(tx, auth, {
        'request.headers': JSON.stringify(headers),
        'request.method': method,
        'request.path': url.pathname.replace(/^\/rest\/v1/, ''),
      })
      const candidates = findCandidates(await signaturesOf(deps.db, tx, fn), keys, rawBody)
      if (candidates.length === 0) {
        throw pgrst(404, {
          code: 'PGRST202',
          message: `Could not find the function public.${fn}(${keys.join(', ')}) in the schema cache`,
          details: `Searched for the function public.${fn} with parameter${keys.length === 1 ? '' : 's'} ${keys.join(', ') || '(none)'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        })
      }
      if (candidates.length > 1) {
        throw pgrst(300, {
          code: 'PGRST203',
          message: `Could not choose the best candidate function between several overloads of public.${fn}`,
          hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        })
      }
      const { sql, kind } = callSql(fn, candidates[0]!)
      const params = sql.includes('$1')
        ? [JSON.stringify(candidates[0]!.wholeBody ? rawBody : args)]
        : []
      const [row] = await tx.query<{ body?: string }>(sql, params)
      return { kind, body: row?.body ?? 'null' }
    })
    .catch((error: unknown) => {
      throw fromDatabaseError(error, auth.role)
    })

  if (result.kind === 'void') return c.body(null, 204)
  const accept = req.headers.get('accept') ?? ''
  let body = result.body
  const extra: Record<string, string> = {}
  if (result.kind === 'set') {
    const rows = JSON.parse(body) as unknown[]
    extra['content-range'] = rows.length
      ? `0-${rows.length - 1}/${countOf(req, rows.length)}`
      : `*/${countOf(req, 0)}`
    if (accept.includes('application/vnd.pgrst.object+json')) {
      if (rows.length !== 1) {
        throw pgrst(406, {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: `The result contains ${rows.length} rows`,
        })
      }
      body = JSON.stringify(rows[0])
    }
  }
  // The length lets the compression middleware leave small answers (an empty pull after a poke)
  // as they are: gzip costs more than it saves below a kilobyte.
  if (method !== 'HEAD') extra['content-length'] = String(Buffer.byteLength(body))
  return new Response(method === 'HEAD' ? null : body, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
  })
}

function countOf(req: Request, n: number): string {
  return /count=(exact|planned|estimated)/.test(req.headers.get('prefer') ?? '') ? String(n) : '*'
}

export function restRoutes(deps: HostDeps): Hono {
  const app = new Hono()
  app.on(['GET', 'POST', 'HEAD'], '/rpc/:fn', (c) => handleRpc(c, deps))
  app.all('*', (c) => {
    const path = new URL(c.req.url).pathname.replace(/^\/rest\/v1\/?/, '')
    throw pgrst(404, {
      code: 'PGRST205',
      message: `Could not find the table 'public.${path}' in the schema cache`,
      hint: 'This server serves functions only, under /rest/v1/rpc/<name>',
    })
  })
  app.onError((error) => restError(error))
  return app
}

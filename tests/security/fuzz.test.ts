// Generated bad input (issue 10) against every auth route, RPC, storage route and edge-function
// action of the host: wrong types, missing and extra fields, huge and NUL-laden text, unknown
// and other families' ids. Each must be refused with a 4xx and a clear message (never a 5xx),
// and nothing may be written. fast-check runs from a fixed seed (FUZZ_SEED to change it, printed
// with any counterexample); FUZZ_RUNS sets the runs per endpoint. `npm test` makes a short run
// (10 per endpoint and role); `npm run bench -- fuzz` the long one (100, a new seed each day).
import { createHmac } from 'node:crypto'
import * as fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { FUNCTIONS } from './rls-manifest.ts'
import { accountOf } from './rls-roles.ts'
import { securityHost } from './support.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20261126)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10)

// ---- bad values --------------------------------------------------------------------------------
const missing = fc.constant(undefined)
const nul = fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`)
/** Long text, printed short in counterexamples ("x"×100000) and sent in full. */
const long = (ch: string, n: number) => ({
  toJSON: () => ch.repeat(n),
  toString: () => ch.repeat(n),
  [fc.toStringMethod]: () => `"${ch}"×${n}`,
})
const huge = fc.constantFrom(long('x', 100_000), long('é', 40_000), long('9', 70_000))
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.string({ maxLength: 5 }), {
    maxKeys: 2,
  }),
)
const junk = fc.string({ maxLength: 30 })
/** Half of a UTF-16 pair: JSON writes it, PostgreSQL's text and jsonb refuse it (issue 29). */
const lone = fc.constantFrom('\ud800', 'a\udc00b', 'Mar\udfffia')
const badText = fc.oneof(missing, nul, lone, huge, wrongType)
const badEmail = fc.oneof(
  badText,
  junk.filter((s) => !s.includes('@')),
  fc.constant('a@b'),
)
const badPassword = fc.oneof(badText, fc.string({ maxLength: 5 }), fc.constant('x'.repeat(80)))
const badNumber = fc.oneof(
  badText,
  junk.filter((s) => !/\d/.test(s)),
  fc.constant('12'),
)
const extras = fc.option(
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(junk, wrongType, nul), {
    maxKeys: 2,
  }),
  { nil: undefined },
)

/**
 * A body with every required field present and good except at least one, which is bad (or
 * missing), and maybe a few fields nobody asked for.
 */
function badBody(
  good: Record<string, unknown>,
  bad: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(bad)
  return fc
    .record({
      broken: fc.subarray(keys, { minLength: 1 }),
      values: fc.record(bad),
      extra: extras,
    })
    .map(({ broken, values, extra }) => {
      const body: Record<string, unknown> = { ...(extra ?? {}), ...good }
      for (const key of broken) {
        // Leaving out a field is only wrong when the call needs it.
        if (values[key] === undefined && key in good) delete body[key]
        else body[key] = values[key] === undefined ? 'with\u0000nul' : values[key]
      }
      return body
    })
}

/** `path` with one letter of its last segment written as a percent code (`/auth/v1/t%6Fken`). */
function encodeALetter(path: string, at: number): string {
  const [route, query] = path.split('?') as [string, string | undefined]
  const slash = route.lastIndexOf('/')
  const name = route.slice(slash + 1)
  const letters = [...name].map((c, i) => [c, i] as const).filter(([c]) => /[a-z]/i.test(c))
  if (letters.length === 0) return path
  const [c, i] = letters[at % letters.length]!
  const code = `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`
  const encoded = `${route.slice(0, slash + 1)}${name.slice(0, i)}${code}${name.slice(i + 1)}`
  return query === undefined ? encoded : `${encoded}?${query}`
}

// ---- what a refusal must look like ------------------------------------------------------------
interface Seen {
  status: number
  body: unknown
}

function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null
  const b = body as Record<string, unknown>
  const text = b.message ?? b.msg ?? b.error_description ?? b.error
  return typeof text === 'string' ? text : null
}

/** A clear message: words for a person or a developer, not a crash. */
function isClear(message: string | null): boolean {
  return (
    typeof message === 'string' &&
    message.trim().length > 0 &&
    !/internal server error|unexpected failure|something went wrong|\bat .+\.[jt]s:\d+/i.test(
      message.slice(0, 500),
    )
  )
}

const tally = new Map<string, Record<string, number>>()
function count(endpoint: string, seen: Seen) {
  const row = tally.get(endpoint) ?? {}
  const key = String(seen.status)
  row[key] = (row[key] ?? 0) + 1
  tally.set(endpoint, row)
}

async function read(res: Response): Promise<Seen> {
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // not JSON: kept as text, which has no message and so fails the check below
  }
  return { status: res.status, body }
}

function refused(endpoint: string, seen: Seen, allow: { okWhen?: (s: Seen) => boolean } = {}) {
  count(endpoint, seen)
  if (allow.okWhen?.(seen)) return
  expect(
    seen.status,
    `${endpoint}: ${JSON.stringify(seen.body)?.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400)
  expect(seen.status, `${endpoint}: ${JSON.stringify(seen.body)?.slice(0, 300)}`).toBeLessThan(500)
  expect(
    isClear(messageOf(seen.body)),
    `${endpoint}: ${JSON.stringify(seen.body)?.slice(0, 300)}`,
  ).toBe(true)
}

/** Everything a request could change, as one fingerprint per table. */
async function fingerprint(host: TestHost): Promise<Record<string, string>> {
  const tables = await host.db.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and (n.nspname in ('public', 'app', 'auth') or n.nspname || '.' || c.relname = 'storage.objects')
        -- attempt counters are the one thing a refused request may change; the host's scheduler
        -- records its own runs of the centre's recurring jobs whatever the requests do
        and n.nspname || '.' || c.relname not in ('app.rate_limits', 'auth.otp_failures',
                                                  'app.scheduled_tasks')`,
  )
  const out: Record<string, string> = {}
  for (const { name } of tables) {
    const [row] = await host.db.query<{ h: string }>(
      `select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${name} t`,
    )
    out[name] = row!.h
  }
  return out
}

describe.each(testDatabases())('generated bad input on $name', (target) => {
  let host: TestHost
  let before: Record<string, string>
  const tokens: Record<'guardian' | 'admin', string> = { guardian: '', admin: '' }

  beforeAll(async () => {
    host = await securityHost(target, {
      rateLimitFactor: 1000,
      whatsapp: { appSecret: 'fuzz-app-secret', verifyToken: 'fuzz-verify-token' },
    })
    for (const who of ['guardian', 'admin'] as const) {
      const account = accountOf(who)
      const { data, error } = await host
        .client()
        .auth.signInWithPassword({ email: account.email, password: account.password })
      if (error) throw error
      tokens[who] = data.session!.access_token
    }
    before = await fingerprint(host)
  })
  afterAll(async () => {
    const lines = [...tally.entries()].map(
      ([endpoint, byStatus]) =>
        `  ${endpoint}: ${Object.entries(byStatus)
          .map(([s, n]) => `${n}×${s}`)
          .join(', ')}`,
    )
    const total = [...tally.values()].reduce(
      (sum, byStatus) => sum + Object.values(byStatus).reduce((a, b) => a + b, 0),
      0,
    )
    const fivexx = [...tally.values()].reduce(
      (sum, byStatus) =>
        sum + Object.entries(byStatus).reduce((a, [s, n]) => a + (s.startsWith('5') ? n : 0), 0),
      0,
    )
    console.log(
      `fuzz on ${target.name} (seed ${SEED}, ${RUNS} runs per endpoint): ${total} requests, ` +
        `${fivexx} answered 5xx, ${tally.size} endpoints\n${lines.join('\n')}`,
    )
    tally.clear()
    await host?.stop()
  })

  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${host.url}${path}`, {
      method,
      headers: {
        apikey: host.anonKey,
        'x-supabase-api-version': '2024-01-01',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(read)
  const as = (who: keyof typeof tokens | 'service') => ({
    authorization: `Bearer ${who === 'service' ? host.serviceRoleKey : tokens[who]}`,
    ...(who === 'service' ? { apikey: host.serviceRoleKey } : {}),
  })

  const property = <T>(arb: fc.Arbitrary<T>, check: (value: T) => Promise<void>) =>
    fc.assert(fc.asyncProperty(arb, check), { seed: SEED, numRuns: RUNS, endOnFailure: true })

  it('auth routes refuse every bad payload with a 4xx and a clear message', async () => {
    const email = 'guardian@demo.school'
    const routes: [string, string, fc.Arbitrary<Record<string, unknown>>][] = [
      [
        'POST',
        '/auth/v1/signup',
        badBody(
          { email: 'new@fuzz.test', password: 'long-enough-1' },
          { email: badEmail, password: badPassword },
        ),
      ],
      [
        'POST',
        '/auth/v1/token?grant_type=password',
        badBody({ email, password: 'demo-guardian-1' }, { email: badEmail, password: badPassword }),
      ],
      [
        'POST',
        '/auth/v1/token?grant_type=refresh_token',
        badBody({ refresh_token: 'x' }, { refresh_token: fc.oneof(badText, junk) }),
      ],
      [
        'POST',
        '/auth/v1/verify',
        badBody(
          { type: 'recovery', email, token: '123456' },
          { type: fc.oneof(badText, junk), email: badEmail, token: fc.oneof(badText, junk) },
        ),
      ],
      [
        'POST',
        '/auth/v1/verify',
        badBody(
          { type: 'email', token_hash: 'a'.repeat(56) },
          { token_hash: fc.oneof(badText, junk, fc.stringMatching(/^[0-9a-f]{0,60}$/)) },
        ),
      ],
      ['POST', '/auth/v1/recover', badBody({ email }, { email: badEmail })],
      [
        'POST',
        '/auth/v1/admin/users',
        // An admin may create an account without a password: only a bad one is wrong.
        badBody({ email: 'new@fuzz.test' }, { email: badEmail, password: badPassword }),
      ],
      [
        'POST',
        '/auth/v1/admin/generate_link',
        badBody({ type: 'recovery', email }, { type: fc.oneof(badText, junk), email: badEmail }),
      ],
    ]
    for (const [method, path, arb] of routes) {
      const service = path.includes('/admin/')
      await property(arb, async (body) => {
        refused(`${method} ${path}`, await send(method, path, body, service ? as('service') : {}))
      })
      // The same route with a letter of its name written as a percent code (issue 29).
      await property(fc.tuple(arb, fc.nat()), async ([body, at]) => {
        refused(
          `${method} ${path} (encoded)`,
          await send(method, encodeALetter(path, at), body, service ? as('service') : {}),
        )
      })
    }
    await property(fc.oneof(junk, nul, huge), async (grant) => {
      refused(
        'POST /auth/v1/token?grant_type=…',
        await send('POST', `/auth/v1/token?grant_type=${encodeURIComponent(String(grant))}`, {}),
      )
    })
    await property(
      badBody(
        { data: {} },
        {
          // null is how a client says "no new password" here, not a bad one.
          password: badPassword.filter((p) => p !== null),
          email: badEmail,
          data: fc.oneof(fc.integer(), junk, fc.array(junk, { maxLength: 2 }), nul),
        },
      ),
      async (body) => {
        refused('PUT /auth/v1/user', await send('PUT', '/auth/v1/user', body, as('guardian')))
      },
    )
    await property(fc.oneof(junk, nul), async (scope) => {
      refused(
        'POST /auth/v1/logout?scope=…',
        await send(
          'POST',
          `/auth/v1/logout?scope=${encodeURIComponent(scope)}`,
          undefined,
          as('guardian'),
        ),
      )
    })
    await property(fc.oneof(junk, nul, fc.uuid()), async (id) => {
      refused(
        'PUT /auth/v1/admin/users/:id',
        await send(
          'PUT',
          `/auth/v1/admin/users/${encodeURIComponent(id)}`,
          { password: 'long-enough-1' },
          as('service'),
        ),
      )
    })
    await property(fc.oneof(junk, nul, fc.constant('Bearer x.y.z')), async (token) => {
      refused(
        'GET /auth/v1/user',
        await send('GET', '/auth/v1/user', undefined, {
          authorization: `Bearer ${token.split(String.fromCharCode(0)).join('')}`,
        }),
      )
    })
    // The e-mailed link is followed by a browser: a bad one sends it back to the site with the
    // reason in the fragment, never with a session, and never to another site.
    await property(
      fc.record({
        token: fc.oneof(junk, nul, huge),
        type: fc.oneof(junk, fc.constantFrom('signup', 'recovery')),
        to: fc.oneof(junk, fc.webUrl()),
      }),
      async ({ token, type, to }) => {
        const res = await fetch(
          `${host.url}/auth/v1/verify?token=${encodeURIComponent(String(token))}&type=${encodeURIComponent(type)}&redirect_to=${encodeURIComponent(to)}`,
          { redirect: 'manual' },
        )
        // An address too long for any server is refused before the link is read.
        if (res.status !== 303) return refused('GET /auth/v1/verify', await read(res))
        count('GET /auth/v1/verify', { status: res.status, body: null })
        const location = res.headers.get('location') ?? ''
        expect(location.startsWith(`${host.url}`)).toBe(true)
        expect(location).toMatch(/#error=access_denied&error_code=\w+&error_description=.+/)
        expect(location).not.toContain('access_token')
      },
    )
  })

  it('every RPC refuses arguments that are all wrong: 4xx with a clear message, or nothing for a read', async () => {
    const fns = await host.db.query<{
      name: string
      args: { name: string; type: string }[]
      volatile: boolean
    }>(
      `select p.proname as name, p.provolatile = 'v' as volatile,
              coalesce((select json_agg(json_build_object('name', x.name, 'type', format_type(t.type, null)) order by t.i)
                 from unnest(p.proargtypes::oid[]) with ordinality as t(type, i)
                 cross join lateral (select (case when p.proargmodes is null then p.proargnames
                   else array(select m.nm from unnest(p.proargnames, p.proargmodes::text[]) as m(nm, md)
                               where m.md in ('i', 'b', 'v')) end)[t.i] as name) x), '[]') as args
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' and format_type(p.prorettype, null) <> 'trigger'
        order by 1`,
    )
    expect(fns.map((f) => `public.${f.name}`).sort()).toEqual(
      Object.keys(FUNCTIONS)
        .filter((k) => k.startsWith('public.'))
        .map((k) => k.replace(/\(.*$/, ''))
        .sort(),
    )
    const otherFamily = accountOf('parentFacilitator').id
    // Another family's member is a bad id for a guardian; an admin may act on any member, so
    // for an admin only ids that belong to nobody are bad.
    const byType = (type: string, who: string): fc.Arbitrary<unknown> => {
      if (/^(integer|bigint|smallint)$/.test(type))
        return fc.oneof(
          nul,
          huge,
          junk.filter((s) => !/^\s*-?\d+\s*$/.test(s)),
          fc.constantFrom(1e20, 1.5, -5, 100000),
        )
      if (type === 'boolean')
        return fc.oneof(nul, huge, fc.constantFrom('maybe', 5, 'yes!', [true]))
      if (type === 'uuid')
        return who === 'admin'
          ? fc.oneof(nul, huge, junk, fc.uuid())
          : fc.oneof(nul, huge, junk, fc.uuid(), fc.constant(otherFamily))
      if (type.endsWith('[]')) return fc.oneof(nul, junk, fc.constant({}), fc.constant([{}]))
      if (type === 'jsonb' || type === 'json')
        return fc.oneof(
          nul,
          huge,
          junk,
          fc.integer(),
          fc.constant([1, 'x']),
          fc.constant({ unknown: true }),
        )
      return fc.oneof(
        nul,
        huge,
        junk.map((s) => `${s}\u00a7unknown`),
        fc.constant({ not: 'text' }),
      )
    }
    for (const fn of fns) {
      for (const who of ['anon', 'guardian', 'admin'] as const) {
        const args = fc.record(
          Object.fromEntries(fn.args.map((a) => [a.name, byType(a.type, who)])),
        )
        await property(fc.tuple(args, extras), async ([values, extra]) => {
          const seen = await send(
            'POST',
            `/rest/v1/rpc/${fn.name}`,
            { ...values, ...(extra ?? {}) },
            who === 'anon' ? {} : as(who),
          )
          // A read-only function may answer an unknown filter with nothing; a writer may not.
          refused(`rpc ${fn.name} as ${who}`, seen, {
            okWhen: (s) => !fn.volatile && s.status === 200,
          })
        })
      }
    }
    // Every function of `public` three times over: more than the default minute on a busy machine.
  }, 240_000)

  it('storage routes refuse bad buckets, names, bodies and sizes with a 4xx', async () => {
    const bucket = fc.oneof(
      fc.constantFrom('images', 'documents'),
      junk.map((s) => encodeURIComponent(s || 'x')),
      fc.constant('no-such-bucket'),
    )
    const name = fc.oneof(
      fc.constantFrom(
        '../../etc/passwd',
        '..%2F..%2Fsecret',
        '%00.png',
        'a//b.png',
        'x'.repeat(1100),
      ),
      nul.map(encodeURIComponent),
      fc.constant(`${accountOf('student').id}/passport.pdf`),
    )
    for (const who of ['anon', 'guardian'] as const) {
      const auth = who === 'anon' ? {} : as(who)
      await property(
        fc.record({ bucket, name, body: fc.oneof(junk, huge) }),
        async ({ bucket: b, name: n, body }) => {
          const res = await fetch(`${host.url}/storage/v1/object/${b}/${n}`, {
            method: 'POST',
            headers: { apikey: host.anonKey, 'content-type': 'image/png', ...auth },
            body: String(body),
          }).then(read)
          refused(`POST /storage/v1/object as ${who}`, res)
        },
      )
      await property(fc.record({ bucket, name }), async ({ bucket: b, name: n }) => {
        refused(
          `GET /storage/v1/object as ${who}`,
          await send('GET', `/storage/v1/object/${b}/${n}`, undefined, auth),
        )
      })
      await property(
        fc.record({
          bucket,
          prefixes: fc.oneof(
            wrongType,
            fc.array(fc.oneof(nul, huge, wrongType), { maxLength: 3 }),
            fc.constant([]),
          ),
        }),
        async ({ bucket: b, prefixes }) => {
          const seen = await send('DELETE', `/storage/v1/object/${b}`, { prefixes }, auth)
          // Removing names that are not there removes nothing and says so with an empty list.
          refused(`DELETE /storage/v1/object as ${who}`, seen, {
            okWhen: (s) => s.status === 200 && Array.isArray(s.body) && s.body.length === 0,
          })
        },
      )
      await property(
        fc.record({
          bucket,
          name,
          expiresIn: fc.oneof(badText, junk, fc.constantFrom(-1, 0, 1e12)),
        }),
        async ({ bucket: b, name: n, expiresIn }) => {
          refused(
            `POST /storage/v1/object/sign as ${who}`,
            await send('POST', `/storage/v1/object/sign/${b}/${n}`, { expiresIn }, auth),
          )
        },
      )
      await property(
        fc.record({
          bucket,
          body: badBody(
            { prefix: '', limit: 10 },
            {
              prefix: fc.oneof(nul, huge, wrongType),
              limit: badText,
              offset: badText,
              sortBy: fc.oneof(wrongType, nul),
            },
          ),
        }),
        async ({ bucket: b, body }) => {
          const seen = await send('POST', `/storage/v1/object/list/${b}`, body, auth)
          refused(`POST /storage/v1/object/list as ${who}`, seen, {
            okWhen: (s) => s.status === 200 && Array.isArray(s.body),
          })
        },
      )
    }
  })

  it('edge-function actions refuse bad payloads with a 4xx and a clear message, or say what to do', async () => {
    const call = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${host.url}/functions/v1/accounts`, {
        method: 'POST',
        headers: {
          apikey: host.anonKey,
          authorization: `Bearer ${host.anonKey}`,
          'content-type': 'application/json',
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }).then(read)
    // An outcome the person must act on (an unknown number) is a 200 with type 'error'.
    const outcome = (s: Seen) =>
      s.status === 200 &&
      (s.body as { type?: string })?.type === 'error' &&
      isClear(messageOf(s.body))
    const actions: [string, fc.Arbitrary<Record<string, unknown>>][] = [
      ['initSignin', badBody({ email: 'guardian@demo.school' }, { email: badEmail })],
      [
        'registerFacilitator',
        badBody(
          {
            email: 'new-facilitator@demo.school',
            name: 'Rohan',
            whatsapp: '9000000010',
            authType: 'emailpw',
          },
          {
            email: badEmail,
            name: badText,
            whatsapp: badNumber,
            authType: badText,
            appVersion: fc.oneof(huge, wrongType, nul),
          },
        ),
      ],
      [
        'initConnectAccount',
        badBody(
          { whatsApp: '9000000003', prefix: '+91' },
          { whatsApp: badNumber, prefix: fc.oneof(badText, junk) },
        ),
      ],
      [
        'registerMember',
        badBody(
          { whatsApp: '9000000003', prefix: '+91', authType: 'emailpw' },
          { whatsApp: badNumber, prefix: fc.oneof(badText, junk), authType: badText },
        ),
      ],
      ['requestResetPassword', badBody({ email: 'member@demo.school' }, { email: badEmail })],
      [
        'resetPassword',
        badBody(
          { password: 'long-enough-1', oobCode: 'x' },
          { password: badPassword, oobCode: fc.oneof(badText, junk) },
        ),
      ],
      [
        'logUnregisterdSignin',
        badBody(
          { email: 'guardian@demo.school' },
          {
            email: badEmail,
            name: fc.oneof(huge, wrongType, nul),
            photoURL: fc.oneof(huge, wrongType, nul),
          },
        ),
      ],
      [
        'resendConfirmation',
        badBody(
          { email: 'unverified@demo.school', password: 'x' },
          { email: badEmail, password: fc.oneof(badText, huge) },
        ),
      ],
    ]
    for (const [action, arb] of actions) {
      await property(arb, async (payload) => {
        refused(`accounts ${action}`, await call({ action, ...payload }), { okWhen: outcome })
      })
    }
    await property(fc.oneof(junk, nul, wrongType, fc.constant(undefined)), async (action) => {
      refused('accounts (unknown action)', await call({ action, email: 'guardian@demo.school' }))
    })
    await property(
      fc.oneof(fc.constantFrom('', '[]', 'null', '"text"', '{', '{"action": "initSignin"'), junk),
      async (raw) => {
        refused('accounts (not a JSON object)', await call(raw))
      },
    )
    // Meta's webhook: any body without the app secret's signature changes nothing, and a
    // verification with a wrong token gets no challenge back.
    await property(
      fc.tuple(
        fc.oneof(
          junk,
          fc.constantFrom(
            '',
            '{}',
            '{"entry": [{"changes": [{"value": {"messages": [{"from": "919000000003", "id": "x", "type": "text", "text": {"body": "hi"}}]}}]}]}',
          ),
        ),
        fc.oneof(junk, nul, fc.constant(undefined)),
      ),
      async ([raw, signature]) => {
        refused(
          'whatsapp-webhook (unsigned)',
          await fetch(`${host.url}/functions/v1/whatsapp-webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(typeof signature === 'string' && !signature.includes('\u0000')
                ? { 'x-hub-signature-256': `sha256=${encodeURIComponent(signature)}` }
                : {}),
            },
            body: raw,
          }).then(read),
        )
      },
    )
    // Signed by Meta, about messages the centre never sent, with times and states of any shape:
    // answered (200, nothing changes) or refused, never a server error (issue 29).
    await property(
      fc.array(
        fc.record({
          id: fc.oneof(junk, wrongType),
          status: fc.oneof(fc.constantFrom('sent', 'delivered', 'read', 'failed'), junk, wrongType),
          timestamp: fc.oneof(
            fc.constantFrom('100000000000000', '-1', '1e300', 'soon'),
            wrongType,
            junk,
          ),
          errors: fc.oneof(
            wrongType,
            fc.array(fc.record({ code: wrongType, title: fc.oneof(junk, lone) })),
          ),
        }),
        { maxLength: 3 },
      ),
      async (statuses) => {
        const raw = JSON.stringify({ entry: [{ changes: [{ value: { statuses } }] }] })
        const signature = createHmac('sha256', 'fuzz-app-secret').update(raw).digest('hex')
        refused(
          'whatsapp-webhook (signed statuses)',
          await fetch(`${host.url}/functions/v1/whatsapp-webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': `sha256=${signature}`,
            },
            body: raw,
          }).then(read),
          { okWhen: (seen) => seen.status === 200 },
        )
      },
    )
    await property(fc.oneof(junk, nul), async (token) => {
      refused(
        'whatsapp-webhook (verification)',
        await fetch(
          `${host.url}/functions/v1/whatsapp-webhook?hub.mode=subscribe&hub.challenge=42&hub.verify_token=${encodeURIComponent(String(token))}`,
        ).then(read),
      )
    })
    await property(badBody({}, { batch: fc.oneof(wrongType, nul) }), async (payload) => {
      refused(
        'outbox (as a visitor)',
        await fetch(`${host.url}/functions/v1/outbox`, {
          method: 'POST',
          headers: {
            apikey: host.anonKey,
            authorization: `Bearer ${host.anonKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(payload),
        }).then(read),
      )
    })
  })

  it('the receipts function refuses bad requests with a 4xx and a clear message', async () => {
    const call = (who: 'guardian' | 'admin' | null, body: unknown) =>
      fetch(`${host.url}/functions/v1/receipts`, {
        method: 'POST',
        headers: {
          apikey: host.anonKey,
          'content-type': 'application/json',
          ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }).then(read)
    await property(
      fc.tuple(
        fc.constantFrom<'guardian' | 'admin' | null>('guardian', 'admin', null),
        badBody(
          { payment: 'pay-demo-ines-this-month' },
          { payment: fc.oneof(badText, junk, wrongType, nul) },
        ),
      ),
      async ([who, payload]) => {
        refused('receipts', await call(who, payload))
      },
    )
    await property(
      fc.oneof(fc.constantFrom('', '[]', 'null', '"text"', '{', '{"payment": '), junk),
      async (raw) => {
        refused('receipts (not a JSON object)', await call('guardian', raw))
      },
    )
  })

  it('the feedback-pdf function refuses bad requests with a 4xx and a clear message', async () => {
    const call = (who: 'guardian' | 'admin' | null, body: unknown) =>
      fetch(`${host.url}/functions/v1/feedback-pdf`, {
        method: 'POST',
        headers: {
          apikey: host.anonKey,
          'content-type': 'application/json',
          ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }).then(read)
    await property(
      fc.tuple(
        fc.constantFrom<'guardian' | 'admin' | null>('guardian', 'admin', null),
        badBody(
          { student: 'st-tiago', term: '2026_2027_2' },
          {
            student: fc.oneof(badText, junk, wrongType, nul),
            term: fc.oneof(badText, junk, wrongType, nul),
          },
        ),
      ),
      async ([who, payload]) => {
        refused('feedback-pdf', await call(who, payload))
      },
    )
    await property(
      fc.oneof(fc.constantFrom('', '[]', 'null', '"text"', '{', '{"student": '), junk),
      async (raw) => {
        refused('feedback-pdf (not a JSON object)', await call('guardian', raw))
      },
    )
  })

  it('the applications function refuses bad applications with a 4xx and a message per field', async () => {
    const call = (body: unknown) =>
      fetch(`${host.url}/functions/v1/applications`, {
        method: 'POST',
        headers: { apikey: host.anonKey, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }).then(read)
    const child = {
      firstName: 'Tara',
      lastName: 'Almeida',
      dob: '2018-06-15',
      gender: 'Female',
      nationality: 'Indian',
    }
    const guardian = {
      firstName: 'Sofia',
      lastName: 'Almeida',
      dob: '1988-04-02',
      gender: 'Female',
      nationality: 'Indian',
      mobile: '9822012345',
      email: 'sofia@example.com',
    }
    const badPeople = fc.oneof(wrongType, fc.constant([]), fc.array(wrongType, { maxLength: 2 }))
    await property(
      badBody(
        { id: 'app-fuzz-0001', maritalStatus: 'Married', children: [child], guardians: [guardian] },
        {
          id: fc.oneof(badText, fc.constant('x'), fc.constant('a b c d e f g h')),
          maritalStatus: fc.oneof(badText, junk),
          children: fc.oneof(badPeople, fc.constant([{ ...child, dob: '2999-01-01' }])),
          guardians: fc.oneof(badPeople, fc.constant([{ ...guardian, email: 'sofia@' }])),
        },
      ),
      async (application) => {
        refused('applications student', await call({ kind: 'student', application }))
      },
    )
    await property(
      badBody(
        {
          id: 'app-fuzz-0002',
          firstName: 'Arjun',
          lastName: 'Menon',
          dob: '1990-01-20',
          email: 'arjun@example.com',
          prefix: '+91',
          mobile: '9822055555',
        },
        {
          id: fc.oneof(badText, fc.constant('x')),
          firstName: badText,
          lastName: badText,
          email: badEmail,
          mobile: badNumber,
          references: fc.oneof(wrongType, fc.array(wrongType, { maxLength: 2 })),
        },
      ),
      async (application) => {
        refused('applications facilitator', await call({ kind: 'facilitator', application }))
      },
    )
    await property(
      badBody(
        {
          id: 'onb-fuzz-0001',
          firstName: 'Sofia',
          lastName: 'Almeida',
          email: 'sofia@example.com',
          childNames: 'Tara',
        },
        {
          id: fc.oneof(badText, fc.constant('x')),
          firstName: badText,
          email: badEmail,
          childNames: badText,
          questions: fc.oneof(wrongType, fc.dictionary(junk, fc.oneof(nul, lone, wrongType))),
        },
      ),
      async (application) => {
        refused('applications onboarding', await call({ kind: 'onboarding', application }))
      },
    )
    await property(fc.oneof(badText, junk, fc.stringMatching(/^[0-9a-f]{48}$/)), async (token) => {
      refused('applications onboardingConfirm', await call({ kind: 'onboardingConfirm', token }))
    })
    await property(fc.oneof(junk, nul, wrongType, fc.constant(undefined)), async (kind) => {
      refused('applications (unknown form)', await call({ kind, application: {} }))
    })
    await property(
      fc.oneof(fc.constantFrom('', '[]', 'null', '"text"', '{', '{"kind": "student"'), junk),
      async (raw) => {
        refused('applications (not a JSON object)', await call(raw))
      },
    )
  })

  it('wrote nothing at all', async () => {
    const after = await fingerprint(host)
    const changed = Object.keys(after).filter((t) => after[t] !== before[t])
    expect(changed).toEqual([])
  })

  // After the run that writes nothing: a signed quick reply (a pressed "I'll come" / "I can't
  // come", N19) is a message Meta delivered, stored in the chat when it can be. Of any shape it
  // is answered (200) or refused, never a server error, and no answer is taken that an
  // invitation did not ask of that number.
  it('the webhook takes signed button replies of any shape without a server error or a stray answer', async () => {
    // Jaul's guardians are invited; Maria's invitation is pressed from other numbers only.
    await host.db.query(
      `insert into public.gatherings (id, kind, group_ids, status, data) values ('mt-fuzz-buttons',
         'meeting', '{rg-jaul}', 'pending',
         '{"title": "Fuzz", "date": "2026-12-12", "startTime": "10:00", "endTime": "11:00"}')`,
    )
    const [maria] = await host.db.query<{ id: string }>(
      `select id from public.gatherings where meeting_id = 'mt-fuzz-buttons' and data ->> 'number' = '919000000001'`,
    )
    const answersBefore = await host.db.query<{ id: string; status: string }>(
      `select id, status from public.gatherings where kind = 'participant' order by id`,
    )
    const payload = fc.oneof(
      fc.constantFrom(
        `meeting:${maria!.id}:accepted`,
        `meeting:${maria!.id}:rejected`,
        `meeting:${maria!.id}:maybe`,
        'meeting:mp-00000000000000000000000000000000:accepted',
        'meeting:mp-ffffffffffffffffffffffffffffffff:rejected',
        'meeting:mp-0:maybe',
        'meeting::accepted',
      ),
      junk,
      nul,
      lone,
      wrongType,
    )
    await property(
      fc.record({
        from: fc.oneof(fc.constantFrom('919000000003', '+91 90000 00005', '0'), junk, wrongType),
        id: fc.oneof(junk, nul, lone, wrongType),
        timestamp: fc.oneof(fc.constantFrom('1764300000', '-1', 'soon'), wrongType),
        type: fc.oneof(fc.constantFrom('button', 'interactive'), junk, wrongType),
        button: fc.oneof(
          fc.record({ payload, text: fc.oneof(junk, nul, lone, wrongType) }),
          wrongType,
        ),
        interactive: fc.oneof(
          fc.record({
            type: fc.constant('button_reply'),
            button_reply: fc.record({ id: payload, title: junk }),
          }),
          wrongType,
        ),
      }),
      async (message) => {
        const raw = JSON.stringify({ entry: [{ changes: [{ value: { messages: [message] } }] }] })
        const signature = createHmac('sha256', 'fuzz-app-secret').update(raw).digest('hex')
        refused(
          'whatsapp-webhook (signed button replies)',
          await fetch(`${host.url}/functions/v1/whatsapp-webhook`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': `sha256=${signature}`,
            },
            body: raw,
          }).then(read),
          { okWhen: (seen) => seen.status === 200 },
        )
      },
    )
    expect(
      await host.db.query(
        `select id, status from public.gatherings where kind = 'participant' order by id`,
      ),
    ).toEqual(answersBefore)
  })
})

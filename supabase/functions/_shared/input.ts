// Checks every function (and the local host) makes on what arrives, before any schema or
// database sees it.

/**
 * Text PostgreSQL cannot store, found anywhere in a JSON value (keys too): a NUL character, or
 * half of a UTF-16 pair (`"\ud800"`), which JSON can write but text and jsonb refuse. Either
 * would reach the database only to fail there as a server error; it is the caller's mistake.
 */
export type TextProblem = 'nul' | 'surrogate'

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function problemIn(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul'
  return LONE_SURROGATE.test(text) ? 'surrogate' : null
}

export function textProblem(value: unknown, depth = 0): TextProblem | null {
  if (typeof value === 'string') return problemIn(value)
  if (depth > 64 || value === null || typeof value !== 'object') return null
  const entries: [string | null, unknown][] = Array.isArray(value)
    ? value.map((item) => [null, item])
    : Object.entries(value)
  for (const [key, item] of entries) {
    const found = (key === null ? null : problemIn(key)) ?? textProblem(item, depth + 1)
    if (found) return found
  }
  return null
}

/** What a caller is told about text PostgreSQL cannot store. */
export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  nul: 'Text may not contain a NUL character.',
  surrogate: 'Text may not contain an unpaired surrogate (half of a UTF-16 character).',
}

/** The largest request body a function reads: forms and webhooks are far smaller. */
export const FUNCTION_BODY_LIMIT = 256 * 1024

/** Why a body was not read: too large, not JSON, or text PostgreSQL cannot store. */
export type BodyProblem = 'tooLarge' | 'notJson' | TextProblem

export const BODY_PROBLEM_MESSAGES: Record<BodyProblem, string> = {
  ...TEXT_PROBLEM_MESSAGES,
  tooLarge: `The request is larger than ${FUNCTION_BODY_LIMIT / 1024} KB.`,
  notJson: 'The request must be JSON.',
}

/**
 * A function's JSON body, read no further than `limit` bytes (a larger one is refused before it
 * is read whole), parsed, and checked for text PostgreSQL cannot store; or why it was refused,
 * with the status to answer.
 */
export async function readJsonBody(
  req: Request,
  limit = FUNCTION_BODY_LIMIT,
): Promise<{ ok: true; body: unknown } | { ok: false; status: 400 | 413; problem: BodyProblem }> {
  const tooLarge = { ok: false as const, status: 413 as const, problem: 'tooLarge' as const }
  if (Number(req.headers.get('content-length') ?? 0) > limit) return tooLarge
  const chunks: Uint8Array[] = []
  let size = 0
  if (req.body) {
    const reader = req.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        // Released, not cancelled: cancelling would drop the connection the answer goes back on.
        reader.releaseLock()
        return tooLarge
      }
      chunks.push(value)
    }
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return { ok: false, status: 400, problem: 'notJson' }
  }
  const problem = textProblem(body)
  if (problem) return { ok: false, status: 400, problem }
  return { ok: true, body }
}

/**
 * The caller's address as the platform's gateway reports it: the first entry of
 * X-Forwarded-For, which Supabase's gateway and the local host (trusting only its configured
 * proxies) set themselves.
 */
export function clientAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}

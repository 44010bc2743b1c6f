// Supabase Auth's error responses. Clients that send `X-Supabase-Api-Version: 2024-01-01`
// (supabase-js does) get `{code, message}` with the version echoed back; older clients get
// `{code: <status>, error_code, msg}`. supabase-js turns either into AuthApiError(code, status).
import { HttpError } from '../deps.ts'

export const API_VERSION_HEADER = 'x-supabase-api-version'
export const API_VERSION_2024 = '2024-01-01'

export class AuthError extends HttpError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(status, code, message)
    this.name = 'AuthError'
  }
}

/** A caller over a request limit (429), told how long to wait, in words and in Retry-After. */
export function tooManyRequests(seconds: number): AuthError {
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many requests. Please wait ${seconds} seconds and try again.`,
    {},
    { 'retry-after': String(seconds) },
  )
}

/** An e-mail to the same address too soon after the last one (GoTrue's max_frequency). */
export function emailTooSoon(seconds: number): AuthError {
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${seconds} seconds.`,
    {},
    { 'retry-after': String(seconds) },
  )
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg)
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg)
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg)
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg)

export const MIN_PASSWORD_LENGTH = 6

export function weakPassword(): AuthError {
  return new AuthError(
    422,
    'weak_password',
    `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
    {
      weak_password: { reasons: ['length'] },
    },
  )
}

/** Renders any error thrown by an auth route as Supabase Auth would answer it. */
export function authErrorResponse(error: unknown, req: Request): Response {
  let status = 500
  let code = 'unexpected_failure'
  let message = 'Unexpected failure, please check server logs for more information'
  let extra: Record<string, unknown> = {}
  let more: Record<string, string> = {}
  if (error instanceof HttpError) {
    status = error.status
    message = error.message
    code = error.code
    if (error instanceof AuthError) {
      extra = error.extra
      more = error.headers
    }
    // Errors raised by shared code (body parsing, key checks) keep Auth's vocabulary.
    if (code === 'invalid_json') code = 'bad_json'
    if (code === 'payload_too_large') code = 'request_too_large'
    if (code === 'no_api_key' || code === 'invalid_api_key') {
      return error.toResponse()
    }
    if (!(error instanceof AuthError) && (code === 'bad_jwt' || code === 'jwt_expired')) {
      status = 403
      message = `invalid JWT: unable to parse or verify signature, ${
        code === 'jwt_expired' ? 'token has invalid claims: token is expired' : message
      }`
      code = 'bad_jwt'
    }
  } else {
    console.error('[auth]', error)
  }
  const versioned = (req.headers.get(API_VERSION_HEADER) ?? '') >= API_VERSION_2024
  const body = versioned
    ? { code, message, ...extra }
    : { code: status, error_code: code, msg: message, ...extra }
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'x-sb-error-code': code,
    ...more,
  }
  if (versioned) headers[API_VERSION_HEADER] = API_VERSION_2024
  return new Response(JSON.stringify(body), { status, headers })
}

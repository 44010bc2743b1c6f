// Checks every function makes on what arrives, before any schema or database sees it.

/**
 * Whether any text in a JSON value holds a NUL character. PostgreSQL text cannot store one, so
 * it would reach the database only to fail there; it is refused as the caller's mistake.
 */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 64 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1))
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  )
}

/**
 * The caller's address as the platform's gateway reports it: the first entry of
 * X-Forwarded-For, which Supabase's gateway and the local host (trusting only its configured
 * proxies) set themselves.
 */
export function clientAddress(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}

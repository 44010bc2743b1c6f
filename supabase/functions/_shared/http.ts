// Responses every function sends: CORS headers for browser calls (Supabase leaves CORS to the
// function) and the `{ type, message, ... }` answers the app shows.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

/** The preflight answer, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization')
  return header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : null
}

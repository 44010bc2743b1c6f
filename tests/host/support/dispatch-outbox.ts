// Runs one dispatch of the outbox function in its own process, so a test can kill it mid-send.
// The function's environment comes as JSON in argv[2]; the result is printed as JSON.
import { createHandler } from '../../../supabase/functions/outbox/handler.ts'
import type { FunctionEnv } from '../../../supabase/functions/_shared/env.ts'
import { provideEdgeGlobals } from '../../../supabase/local/edge-runtime.ts'

provideEdgeGlobals()
const env = JSON.parse(process.argv[2] ?? '{}') as FunctionEnv
const res = await createHandler(env)(
  new Request('http://localhost/outbox', {
    method: 'POST',
    headers: { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}` },
  }),
)
console.log(JSON.stringify({ status: res.status, body: await res.json() }))

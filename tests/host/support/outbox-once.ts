// Runs the `outbox` function's handler once, as the database's wake-up would, in whatever runtime
// runs this file (Deno, in tests/host/mail-tls.test.ts: the runtime Supabase deploys functions to).
// The function's environment comes as JSON in OUTBOX_ENV; the answer is printed as one JSON line.
import process from 'node:process'
import type { FunctionEnv } from '../../../supabase/functions/_shared/env.ts'
import { createHandler } from '../../../supabase/functions/outbox/handler.ts'

const env = JSON.parse(process.env.OUTBOX_ENV ?? '{}') as FunctionEnv
const res = await createHandler(env)(
  new Request('http://localhost/outbox', {
    method: 'POST',
    headers: { authorization: `Bearer ${env.OUTBOX_SECRET ?? ''}` },
  }),
)
console.log(JSON.stringify({ status: res.status, body: (await res.json()) as unknown }))

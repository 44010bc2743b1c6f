import type { FunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

Deno.serve(createHandler(Deno.env.toObject() as unknown as FunctionEnv))

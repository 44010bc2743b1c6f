import { readFunctionEnv } from '../_shared/env.ts'
import { createHandler } from './handler.ts'

Deno.serve(createHandler(readFunctionEnv(Deno.env.toObject())))

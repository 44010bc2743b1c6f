import type { AuthSource } from '../lib/auth/types'

export interface RouterContext {
  auth: AuthSource
}

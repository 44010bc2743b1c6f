import { reference } from './reference.ts'
import { topics } from './topics.ts'
import { facilitators } from './facilitators.ts'

/** Every replicated collection. Keep to 12 or fewer (see MAX_COLLECTIONS). */
export const collections = [reference, topics, facilitators] as const

export { reference, topics, facilitators }

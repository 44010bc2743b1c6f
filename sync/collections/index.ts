import { reference } from './reference.ts'
import { topics } from './topics.ts'
import { facilitators } from './facilitators.ts'
import { timetables } from './timetables.ts'
import { lessonItems } from './lesson-items.ts'
import { families } from './families.ts'
import { students } from './students.ts'

/** Every replicated collection. Keep to 12 or fewer (see MAX_COLLECTIONS). */
export const collections = [
  reference,
  topics,
  facilitators,
  timetables,
  lessonItems,
  families,
  students,
] as const

export { reference, topics, facilitators, timetables, lessonItems, families, students }

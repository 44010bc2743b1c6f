import { reference } from './reference.ts'
import { topics } from './topics.ts'
import { facilitators } from './facilitators.ts'
import { timetables } from './timetables.ts'
import { lessonItems } from './lesson-items.ts'
import { whatsapp } from './whatsapp.ts'
import { inquiries } from './inquiries.ts'
import { families } from './families.ts'
import { students } from './students.ts'
import { payments } from './payments.ts'
import { feedback } from './feedback.ts'
import { gatherings } from './gatherings.ts'

/** Every replicated collection. Keep to 12 or fewer (see MAX_COLLECTIONS). */
export const collections = [
  reference,
  topics,
  facilitators,
  timetables,
  lessonItems,
  whatsapp,
  inquiries,
  families,
  students,
  payments,
  feedback,
  gatherings,
] as const

export {
  reference,
  topics,
  facilitators,
  timetables,
  lessonItems,
  whatsapp,
  inquiries,
  families,
  students,
  payments,
  feedback,
  gatherings,
}

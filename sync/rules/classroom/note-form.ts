import * as z from 'zod/mini'
import { NOTE_MAX } from '../../contract/collections/lesson-items.ts'

export const NOTE_MESSAGES = {
  about: 'Choose a student or a group',
  text: 'Write the note',
  long: `A note is at most ${NOTE_MAX} characters.`,
  shareGroup: 'Only a note about one student can be shared with the family',
} as const

/** What a note is about, as the form's select names it: `student:<id>` or `group:<id>`. */
export function aboutOf(value: string): { kind: 'student' | 'group'; id: string } | null {
  const match = /^(student|group):(.{1,64})$/.exec(value)
  return match ? { kind: match[1] as 'student' | 'group', id: match[2]! } : null
}

/**
 * A facilitator's note (L11): about one student or a group, its text, and whether the child's
 * guardians read it too (a note about a group stays with facilitators and the office).
 */
export const noteFormSchema = z
  .object({
    about: z.string().check(z.refine((v) => aboutOf(v) !== null, NOTE_MESSAGES.about)),
    text: z.string().check(
      z.refine((t) => t.trim().length > 0, NOTE_MESSAGES.text),
      z.maxLength(NOTE_MAX, NOTE_MESSAGES.long),
    ),
    share: z.boolean(),
  })
  .check(
    z.refine((v) => !v.share || aboutOf(v.about)?.kind !== 'group', {
      message: NOTE_MESSAGES.shareGroup,
      path: ['share'],
    }),
  )
export type NoteForm = z.infer<typeof noteFormSchema>

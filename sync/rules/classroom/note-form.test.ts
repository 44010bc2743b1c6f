import { describe, expect, it } from 'vitest'
import { aboutOf, NOTE_MESSAGES, noteFormSchema } from './note-form.ts'

const errors = (input: unknown) => {
  const result = noteFormSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('a note form', () => {
  it('takes a note about a student, shared or not, and one about a group', () => {
    expect(errors({ about: 'student:st-ira', text: 'Reads aloud now', share: true })).toEqual([])
    expect(errors({ about: 'group:rg-jaul', text: 'Calm week', share: false })).toEqual([])
  })

  it('refuses a note with no subject, no text, too long, or a group note shared', () => {
    expect(errors({ about: '', text: 'x', share: false })).toEqual([NOTE_MESSAGES.about])
    expect(errors({ about: 'student:st-ira', text: '   ', share: false })).toEqual([
      NOTE_MESSAGES.text,
    ])
    expect(errors({ about: 'student:st-ira', text: 'x'.repeat(5001), share: false })).toEqual([
      NOTE_MESSAGES.long,
    ])
    expect(errors({ about: 'group:rg-jaul', text: 'x', share: true })).toEqual([
      NOTE_MESSAGES.shareGroup,
    ])
  })

  it('reads what a note is about', () => {
    expect(aboutOf('student:st-ira')).toEqual({ kind: 'student', id: 'st-ira' })
    expect(aboutOf('group:rg-jaul')).toEqual({ kind: 'group', id: 'rg-jaul' })
    expect(aboutOf('teacher:x')).toBeNull()
  })
})

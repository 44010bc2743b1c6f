// A family's children's absences this term (L10, issue 38), as Home draws them: the school days
// each child was away all day and, apart, the single lessons missed on days they came, from the
// first day of the term (termOf) to today. Reports of days to come are not counted yet.
import { termOf } from '@/lib/time/academic-year'

export interface TermAbsence {
  studentId: string
  date: string
  oneLesson: boolean
}

export interface ChildTerm {
  id: string
  name: string
  daysAway: number
  lessonsMissed: number
}

export function termAbsences(
  children: readonly { id: string; name: string }[],
  absences: readonly TermAbsence[],
  today: string,
): ChildTerm[] {
  const now = termOf(today)
  const thisTerm = absences.filter((a) => {
    if (a.date > today) return false
    const t = termOf(a.date)
    return t.year === now.year && t.term === now.term
  })
  return children.map((c) => {
    const own = thisTerm.filter((a) => a.studentId === c.id)
    const days = new Set(own.filter((a) => !a.oneLesson).map((a) => a.date))
    return {
      id: c.id,
      name: c.name,
      daysAway: days.size,
      lessonsMissed: own.filter((a) => a.oneLesson && !days.has(a.date)).length,
    }
  })
}

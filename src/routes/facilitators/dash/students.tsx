import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { StudentLessons } from '@/features/timetable/components/student-lessons'
import { isWeekKey, weekKeyOf } from '@/lib/time/week'
import { centreDateOf } from '@/lib/time/calendar-date'

interface Search {
  student: string
  week?: string
}

// Student lessons detail (B24): a student's lessons for the week, from the facilitator dashboard.
export const Route = createFileRoute('/facilitators/dash/students')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  validateSearch: (search: Record<string, unknown>): Search => {
    const { student, week } = search
    if (typeof student !== 'string' || student.length < 1 || student.length > 64)
      throw new Error('A student is needed')
    if (week !== undefined && (typeof week !== 'string' || !isWeekKey(week)))
      throw new Error('Not a week')
    return week ? { student, week } : { student }
  },
  component: StudentLessonsRoute,
})

function StudentLessonsRoute() {
  const { student, week } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const weekKey = week ?? weekKeyOf(centreDateOf(new Date()))
  return (
    <StudentLessons
      studentId={student}
      weekKey={weekKey}
      onWeek={(w) => void navigate({ search: { student, week: w } })}
    />
  )
}

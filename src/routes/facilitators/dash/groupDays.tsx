import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { GroupDays } from '@/features/timetable/components/group-days'
import { isWeekKey, weekKeyOf } from '@/lib/time/week'
import { centreDateOf } from '@/lib/time/calendar-date'

interface Search {
  group: string
  week?: string
}

export const Route = createFileRoute('/facilitators/dash/groupDays')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  validateSearch: (search: Record<string, unknown>): Search => {
    const { group, week } = search
    if (typeof group !== 'string' || group.length < 1 || group.length > 64)
      throw new Error('A group is needed')
    if (week !== undefined && (typeof week !== 'string' || !isWeekKey(week)))
      throw new Error('Not a week')
    return week ? { group, week } : { group }
  },
  component: GroupDaysRoute,
})

function GroupDaysRoute() {
  const { group, week } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const weekKey = week ?? weekKeyOf(centreDateOf(new Date()))
  return (
    <GroupDays
      groupId={group}
      weekKey={weekKey}
      onWeek={(w) => void navigate({ search: { group, week: w } })}
    />
  )
}

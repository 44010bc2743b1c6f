import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '../../../app/layouts/not-found-here'

const PANES = [
  'lessons',
  'groups',
  'students',
  'trials',
  'assignments',
  'resources',
  'absences',
  'feedback',
  'notes',
  'mixed-groups',
] as const
type Pane = (typeof PANES)[number]

export const Route = createFileRoute('/facilitators/dash/')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  validateSearch: (search: Record<string, unknown>): { pane?: Pane } => {
    const pane = search.pane
    if (pane === undefined) return {}
    if (typeof pane === 'string' && (PANES as readonly string[]).includes(pane))
      return { pane: pane as Pane }
    throw new Error(`Unknown pane: ${String(pane)}`)
  },
  // No pane screen is built yet: the 404 screen inside the layout.
  component: NotFoundHere,
})

import { createFileRoute, notFound } from '@tanstack/react-router'
import { isBuilt } from '../../../app/screens'

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
  beforeLoad: ({ search }) => {
    if (!isBuilt(`facilitator.${search.pane ?? 'lessons'}`)) throw notFound()
  },
})

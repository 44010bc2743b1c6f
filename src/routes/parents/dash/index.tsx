import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '../../../app/layouts/not-found-here'

const PANES = ['home', 'payments', 'feedback', 'profile'] as const
type Pane = (typeof PANES)[number]

export const Route = createFileRoute('/parents/dash/')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
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

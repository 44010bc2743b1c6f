import { createFileRoute, notFound } from '@tanstack/react-router'
import { isBuilt } from '../../../app/screens'

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
  beforeLoad: ({ search }) => {
    if (!isBuilt(`parents.${search.pane ?? 'home'}`)) throw notFound()
  },
})

import { createFileRoute } from '@tanstack/react-router'
import { NotFoundHere } from '../../../app/layouts/not-found-here'

// The administration panes without routes of their own (B56) are in-page panes named by the
// `pane` search parameter; the default pane is Pre-Admission (inquiries).
const PANES = [
  'inquiries',
  'reminders',
  'meetings',
  'events',
  'payments',
  'accounting',
  'archive',
] as const
type Pane = (typeof PANES)[number]

export const Route = createFileRoute('/administration/dash/')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
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

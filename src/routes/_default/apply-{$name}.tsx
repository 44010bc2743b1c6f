import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFoundHere } from '@/app/layouts/not-found-here'

// The third application form (G04). Only the names in this list are forms; any other name
// fails validation and shows the 404 screen.
const APPLICATION_FORMS = ['volunteers'] as const

export const Route = createFileRoute('/_default/apply-{$name}')({
  staticData: { guard: 'none', layout: 'default' },
  params: {
    parse: ({ name }) => {
      if (!(APPLICATION_FORMS as readonly string[]).includes(name)) {
        throw notFound()
      }
      return { name: name as (typeof APPLICATION_FORMS)[number] }
    },
    stringify: ({ name }) => ({ name }),
  },
  // Not built yet: the 404 screen inside the layout, and no menu item leads here.
  component: NotFoundHere,
})

import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/public/components/home-page'

export const Route = createFileRoute('/_default/')({
  staticData: { guard: 'none', layout: 'default' },
  component: HomePage,
})

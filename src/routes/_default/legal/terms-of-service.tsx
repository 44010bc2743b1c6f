import { createFileRoute } from '@tanstack/react-router'
import { TermsOfService } from '@/features/public/components/terms-of-service'

export const Route = createFileRoute('/_default/legal/terms-of-service')({
  staticData: { guard: 'none', layout: 'default' },
  component: TermsOfService,
})

import { createFileRoute } from '@tanstack/react-router'
import { FacilitatorApplication } from '@/features/admissions/components/facilitator-application'

export const Route = createFileRoute('/_default/apply-facilitators')({
  staticData: { guard: 'none', layout: 'default' },
  component: FacilitatorApplication,
})

import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPolicy } from '@/features/public/components/privacy-policy'

export const Route = createFileRoute('/_default/legal/privacy-policy')({
  staticData: { guard: 'none', layout: 'default' },
  component: PrivacyPolicy,
})

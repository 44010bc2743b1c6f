import { createFileRoute } from '@tanstack/react-router'
import { ConnectAccountScreen } from '@/features/accounts/components/connect/connect-account-screen'

export const Route = createFileRoute('/_default/connect-account')({
  staticData: { guard: 'none', layout: 'default' },
  component: ConnectAccountScreen,
})

import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { AccountSettingsScreen } from '@/features/accounts/components/settings/account-settings-screen'

export const Route = createFileRoute('/_default/parents/settings')({
  staticData: { guard: 'auth-parents', layout: 'default' },
  beforeLoad: guard('auth-parents'),
  // A guardian's settings are their account page until the family settings are built.
  component: AccountSettingsScreen,
})

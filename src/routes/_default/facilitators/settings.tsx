import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { AccountSettingsScreen } from '@/features/accounts/components/settings/account-settings-screen'

// The account page of any signed-in member (core.md §2: guard auth, default layout).
export const Route = createFileRoute('/_default/facilitators/settings')({
  staticData: { guard: 'auth', layout: 'default' },
  beforeLoad: guard('auth'),
  component: AccountSettingsScreen,
})

import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '@/features/accounts/components/reset/reset-password-screen'

// Where the e-mailed reset link lands (decision D22): /reset-password?oobCode=…
export const Route = createFileRoute('/_default/reset-password')({
  staticData: { guard: 'none', layout: 'default' },
  validateSearch: (search: Record<string, unknown>): { oobCode?: string } =>
    typeof search.oobCode === 'string' && search.oobCode ? { oobCode: search.oobCode } : {},
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { oobCode } = Route.useSearch()
  return <ResetPasswordScreen oobCode={oobCode} />
}

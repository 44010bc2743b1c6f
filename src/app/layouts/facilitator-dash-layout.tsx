import { facilitatorNav } from '@/lib/navigation/model'
import { useAuthMember } from '@/lib/auth/use-auth'
import { RoleDashLayout } from './role-dash-layout'
import { useHasTrials } from './use-has-trials'

export function FacilitatorDashLayout() {
  const member = useAuthMember()
  const hasTrials = useHasTrials()
  return (
    <RoleDashLayout
      layout="facilitatordash"
      title="Facilitator Dashboard"
      items={(isMobile) =>
        facilitatorNav({
          isMobile,
          hasTrials,
          isFacilitatorAdmin: member?.isFacilitatorAdmin ?? false,
        })
      }
      defaultPane={(items) => items[0]?.pane}
    />
  )
}

import { administrationNav, administrationTitles } from '@/lib/navigation/model'
import { RoleDashLayout } from './role-dash-layout'

export function AdministrationDashLayout() {
  return (
    <RoleDashLayout
      layout="administrationdash"
      title={administrationTitles.navigation}
      items={(isMobile) => administrationNav({ isMobile })}
      defaultPane="inquiries"
    />
  )
}

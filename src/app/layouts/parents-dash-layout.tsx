import { PARENTS_DEFAULT_PANE, parentsNav } from '@/lib/navigation/model'
import { RoleDashLayout } from './role-dash-layout'

export function ParentsDashLayout() {
  return (
    <RoleDashLayout
      layout="parentsdash"
      title="Parents"
      items={() => parentsNav()}
      defaultPane={PARENTS_DEFAULT_PANE}
    />
  )
}

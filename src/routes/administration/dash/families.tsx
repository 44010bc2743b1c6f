import { createFileRoute } from '@tanstack/react-router'
import { FamiliesPane } from '@/features/families/components/families-pane'

export const Route = createFileRoute('/administration/dash/families')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  component: Families,
})

function Families() {
  return <FamiliesPane pane="families" />
}

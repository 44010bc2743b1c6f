import { OwnItemsPane } from './own-items-pane'

export function AssignmentsPane() {
  return <OwnItemsPane kind="assignment" />
}

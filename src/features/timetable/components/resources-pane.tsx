import { OwnItemsPane } from './own-items-pane'

export function ResourcesPane() {
  return <OwnItemsPane kind="resource" />
}

import { Badge, Group, Tooltip } from '@mantine/core'
import type { AppStatus } from '../../lib/app-status/hooks'

/** Online/offline and slow-connection flags for the header. */
export function ConnectionStatus({ status }: { status: AppStatus }) {
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" style={{ flexShrink: 0 }}>
      {status.online ? (
        <Badge color="green" variant="light" data-testid="online-status">
          Online
        </Badge>
      ) : (
        <Tooltip label="Changes are kept on this device and sync when the connection returns">
          <Badge color="orange" variant="filled" data-testid="online-status">
            Offline
          </Badge>
        </Tooltip>
      )}
      {status.online && status.slow && (
        <Badge color="yellow" variant="light" data-testid="slow-connection">
          Slow connection
        </Badge>
      )}
    </Group>
  )
}

import { Badge, Box, Group, VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { AppStatus } from '@/lib/app-status/hooks'
import { NARROW_QUERY } from '@/lib/navigation/model'

/**
 * Online/offline and slow-connection flags for the header. On a phone, being online is a green
 * dot (the word is kept for screen readers), leaving room for the title; offline is always said.
 */
export function ConnectionStatus({ status }: { status: AppStatus }) {
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" style={{ flexShrink: 0 }}>
      {status.online && narrow ? (
        <Box
          component="span"
          title="Online"
          data-testid="online-status"
          w={10}
          h={10}
          style={{ borderRadius: '50%', background: 'var(--mantine-color-green-6)' }}
        >
          <VisuallyHidden>Online</VisuallyHidden>
        </Box>
      ) : status.online ? (
        <Badge color="green" variant="light" data-testid="online-status">
          Online
        </Badge>
      ) : (
        // A native title rather than a Tooltip: this header is on every page's first load.
        <Badge
          color="orange"
          variant="filled"
          data-testid="online-status"
          title="Changes are kept on this device and sync when the connection returns"
        >
          Offline
        </Badge>
      )}
      {status.online && status.slow && (
        <Badge color="yellow" variant="light" data-testid="slow-connection">
          {narrow ? 'Slow' : 'Slow connection'}
        </Badge>
      )}
    </Group>
  )
}

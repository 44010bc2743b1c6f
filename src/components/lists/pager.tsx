import type { ReactNode } from 'react'
import { Button, Group, Text } from '@mantine/core'

/** "1-15 of 42"; "0 of 0" for an empty list (core.md §4 pagination). */
export function pageLabel(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `0 of ${total}`
  return `${offset + 1}-${offset + shown} of ${total}`
}

export interface PagerProps {
  offset: number
  /** Rows on this page. */
  shown: number
  /** All rows; null while the first page loads. */
  total: number | null
  size: number
  onOffset(offset: number): void
  /** Controls shown before Previous/Next (a page-size choice). */
  children?: ReactNode
}

/** The pager of a server-paged list: the label, then Previous and Next (init, next, prev). */
export function Pager({ offset, shown, total, size, onOffset, children }: PagerProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" data-testid="page-label">
        {total === null ? 'Loading…' : pageLabel(offset, shown, total)}
      </Text>
      <Group gap="xs">
        {children}
        <Button
          variant="default"
          size="xs"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - size))}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={total === null || offset + size >= total}
          onClick={() => onOffset(offset + size)}
        >
          Next
        </Button>
      </Group>
    </Group>
  )
}

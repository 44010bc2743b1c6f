import { useState } from 'react'
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { rupees, shortDate } from '@sync/rules/text'
import { downloadReceipt } from '../hooks/use-family-payments'
import type { PaidItem } from '../logic/parents-history'

// Filled, dark shades: readable in the light and the dark scheme alike.
const STATUS_COLOUR = { reported: 'blue.8', recorded: 'teal.9', void: 'gray.7' } as const

function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

/**
 * "Download receipt", with how much has arrived on a slow connection and why it failed; the
 * office's payment list uses it too.
 */
export function ReceiptButton({
  item,
  online,
}: {
  item: Pick<PaidItem, 'id' | 'receiptNumber'>
  online: boolean
}) {
  const [progress, setProgress] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const download = async () => {
    setProblem(null)
    setProgress('Downloading…')
    const result = await downloadReceipt(item.id, (received, total) =>
      setProgress(
        total
          ? `Downloading… ${Math.round((received / total) * 100)}%`
          : `Downloading… ${kb(received)}`,
      ),
    )
    setProgress(null)
    if (result.ok) save(result.blob, result.filename)
    else setProblem(result.message)
  }
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => void download()}
        loading={progress !== null}
        aria-label={`Download receipt ${item.receiptNumber ?? ''}`.trim()}
      >
        Download receipt
      </Button>
      {progress && (
        <Text size="xs" role="status">
          {progress}
        </Text>
      )}
      {!online && !problem && (
        <Text size="xs" c="dimmed">
          Receipts download when you are online.
        </Text>
      )}
      {problem && (
        <Alert color="red" p="xs" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}

function PaidEntry({ item, online }: { item: PaidItem; online: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="paid-item">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={600}>{item.who}</Text>
          <Text size="sm">{item.what}</Text>
        </div>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {rupees(item.amount)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {shortDate(item.date)} · {item.option}
        {item.receiptNumber && ` · Receipt ${item.receiptNumber}`}
        {item.reference && ` · Ref. ${item.reference}`}
      </Text>
      <Group justify="space-between" align="flex-start" gap="xs" mt={6}>
        <Badge
          variant="filled"
          color={STATUS_COLOUR[item.status]}
          style={{ textTransform: 'none' }}
        >
          {item.statusText}
        </Badge>
        {item.status === 'recorded' && <ReceiptButton item={item} online={online} />}
      </Group>
      {item.note && item.status === 'void' && (
        <Text size="sm" mt={4}>
          The centre&apos;s note: {item.note}
        </Text>
      )}
    </Paper>
  )
}

/** "Paid": the family's payments, newest first. */
export function PaidList({ items }: { items: PaidItem[] }) {
  const online = useNetwork().online
  return (
    <section aria-labelledby="payments-paid">
      <Title order={2} size="h4" id="payments-paid" mb="xs">
        Paid
      </Title>
      {items.length === 0 ? (
        <Text size="sm">No payment yet.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <PaidEntry key={item.id} item={item} online={online} />
          ))}
        </Stack>
      )}
    </section>
  )
}

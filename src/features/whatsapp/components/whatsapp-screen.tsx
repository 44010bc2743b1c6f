import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Modal.css'
import { useEffect, useRef, useState } from 'react'
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { useSubmit } from '@/components/form/use-submit'
import {
  markRead,
  useWhatsAppMessages,
  useWhatsAppMessageTimes,
  useWhatsAppNumbers,
  useWhatsAppWriter,
} from '../hooks/use-whatsapp'
import {
  composeMode,
  lastMessageAt,
  liveList,
  numberDigits,
  numberProblems,
  statusLabel,
  type MessageRecord,
  type NumberRecord,
} from '../logic/chat'

const STATUS_COLOURS: Record<string, string> = {
  Queued: 'gray',
  'Not synced yet': 'gray',
  Sent: 'blue',
  Delivered: 'teal',
  Read: 'green',
  Failed: 'red',
  Received: 'grape',
}

function AddNumberForm({
  existing,
  onCancel,
  onSave,
}: {
  existing: NumberRecord[]
  onCancel(): void
  onSave(input: { name: string; number: string }): Promise<void>
}) {
  const [input, setInput] = useState({ name: '', number: '' })
  const [tried, setTried] = useState(false)
  const { busy, run } = useSubmit()
  const problems = numberProblems(input, existing)
  const submit = async () => {
    setTried(true)
    if (Object.keys(problems).length > 0) return
    await run(() => onSave(input))
  }
  return (
    <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
      <Stack>
        <TextInput
          label="Name"
          required
          value={input.name}
          onChange={(e) => setInput({ ...input, name: e.currentTarget.value })}
          error={tried && problems.name}
          data-autofocus
        />
        <TextInput
          label="WhatsApp number"
          required
          type="tel"
          description="Country code first; a 10-digit number is taken as Indian (+91)."
          value={input.number}
          onChange={(e) => setInput({ ...input, number: e.currentTarget.value })}
          error={tried && problems.number}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Add number
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function MessageBubble({ message }: { message: MessageRecord }) {
  const label = statusLabel(message)
  const mine = message.direction === 'out'
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      data-testid="chat-message"
      style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
      bg={mine ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      <Group gap={6} mt={4} justify="flex-end" wrap="wrap">
        <Text size="xs" c="dimmed">
          {centreFormat(message.created_at, 'd MMM, HH:mm')}
          {mine && message.mode === 'template' ? ' · template' : ''}
        </Text>
        {/* A dot keeps the status's colour and the word in the text colour: the light
            variant's coloured text on a message bubble is below 4.5:1. */}
        <Badge
          size="xs"
          variant="dot"
          color={STATUS_COLOURS[label] ?? 'gray'}
          data-testid="chat-status"
        >
          {label}
        </Badge>
      </Group>
      {message.status === 'failed' && message.status_reason && (
        <Text size="xs" c="red.8" mt={2} data-testid="chat-failure">
          {message.status_reason}
        </Text>
      )}
    </Paper>
  )
}

/** The chat dialog (operations.md §2): the live list and a message to send. */
function ChatDialog({ number }: { number: NumberRecord }) {
  const messages = useWhatsAppMessages(number.wa_id)
  const writer = useWhatsAppWriter()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useSubmit()
  const end = useRef<HTMLDivElement>(null)
  const shown = messages ? liveList(messages, number.msg_total) : null
  const { mode, note } = composeMode(number, new Date())
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [shown?.length])
  // whatsAppMessageRead (O19): what came in is read once the chat is open; the answer is not used.
  const unread = (messages ?? []).filter(
    (m) => m.direction === 'in' && m.status === 'received',
  ).length
  useEffect(() => {
    if (unread > 0) void markRead(number.wa_id)
  }, [unread, number.wa_id])
  const send = async () => {
    if (mode.kind === 'blocked') return
    if (!text.trim()) {
      setError('Write a message')
      return
    }
    await run(async () => {
      try {
        await writer.send(number.wa_id, text, mode.kind === 'session' ? 'session' : 'template')
        setText('')
        setError(null)
        notifications.show({ color: 'green', message: 'message sent' })
      } catch (e) {
        setError((e as Error).message)
      }
    })
  }
  return (
    <Stack gap="sm">
      <Stack gap={6} mah="50vh" style={{ overflowY: 'auto' }} aria-label="Messages" role="log">
        {shown?.length === 0 && (
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        )}
        {shown?.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
        <div ref={end} />
      </Stack>
      <Text size="xs" c="dimmed" data-testid="chat-mode">
        {note}
      </Text>
      <form onSubmit={(e) => (e.preventDefault(), void send())} noValidate>
        <Stack gap="xs">
          <Textarea
            label="Message"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={4096}
            disabled={mode.kind === 'blocked'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={mode.kind === 'blocked'}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  )
}

/**
 * The admin's WhatsApp pane: the centre's numbers (onboard, disable, enable) and the chat with
 * each. Works offline: messages written without a connection are sent once it returns.
 */
export function WhatsAppScreen({ chat }: { chat?: string }) {
  const numbers = useWhatsAppNumbers()
  const messageTimes = useWhatsAppMessageTimes()
  const writer = useWhatsAppWriter()
  const [adding, setAdding] = useState(false)
  const [chatWith, setChatWith] = useState<string | null>(chat ? numberDigits(String(chat)) : null)
  const open = chatWith && numbers ? (numbers.find((n) => n.wa_id === chatWith) ?? null) : null
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            WhatsApp
          </Title>
          <Text size="sm" c="dimmed">
            The numbers the centre writes to, and the chat with each.
          </Text>
        </div>
        <Button onClick={() => setAdding(true)}>Add number</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {numbers ? `${numbers.length} ${numbers.length === 1 ? 'number' : 'numbers'}` : 'Loading…'}
      </Text>
      {numbers?.length === 0 ? (
        <Text c="dimmed">No numbers yet: add the centre's first with "Add number".</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-label="WhatsApp numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Status</Table.Th>
                <Table.Th visibleFrom="md">Last message</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {numbers?.map((n) => {
                const last = lastMessageAt(n, messageTimes)
                const badge = (
                  <Badge color={n.status === 'Active' ? 'green' : 'gray'} variant="light">
                    {n.status}
                  </Badge>
                )
                return (
                  <Table.Tr key={n.id} data-testid="whatsapp-row">
                    <Table.Td>
                      <Text fw={500}>{n.name}</Text>
                      <Text size="xs" c="dimmed">
                        +{n.wa_id}
                      </Text>
                      <Group hiddenFrom="sm" mt={4}>
                        {badge}
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{badge}</Table.Td>
                    <Table.Td visibleFrom="md">
                      <Text size="sm">
                        {last ? centreFormat(last, 'd MMM yyyy, HH:mm') : 'None yet'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          onClick={() => setChatWith(n.wa_id)}
                          aria-label={`Chat with ${n.name}`}
                        >
                          Chat
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`${n.status === 'Active' ? 'Disable' : 'Enable'} ${n.name}`}
                          onClick={() =>
                            void writer
                              .setStatus(n.id, n.status === 'Active' ? 'disabled' : 'Active')
                              .catch((e: Error) =>
                                notifications.show({ color: 'red', message: e.message }),
                              )
                          }
                        >
                          {n.status === 'Active' ? 'Disable' : 'Enable'}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add WhatsApp number">
        {adding && (
          <AddNumberForm
            existing={numbers ?? []}
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              await writer.addNumber(input)
              setAdding(false)
              notifications.show({ color: 'green', message: 'WhatsApp number initiated!' })
            }}
          />
        )}
      </Modal>
      <Modal
        opened={chatWith !== null && numbers !== null}
        onClose={() => setChatWith(null)}
        title={open ? `${open.name} (+${open.wa_id})` : 'WhatsApp'}
        size="lg"
      >
        {open ? (
          <ChatDialog number={open} />
        ) : (
          <Alert color="red" title="WhatsApp number not found" data-testid="whatsapp-not-found">
            No WhatsApp number {chatWith ? `+${chatWith}` : ''} is on the centre’s list.
          </Alert>
        )}
      </Modal>
    </Stack>
  )
}

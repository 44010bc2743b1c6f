import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Tabs.css'
import { lazy, Suspense, useState } from 'react'
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core'
import { centreFormat } from '@/lib/time/centre-format'
import { Pager } from '@/components/lists/pager'
import { notifyResult } from '@/components/feedback/notify-result'
import { retryMail, useMailBody, useMailLog } from '../hooks/use-mail-log'
import { MessageFrame } from './message-frame'
import { WebmailDialog } from './webmail-dialog'
import {
  addressLine,
  deliveryLine,
  MAIL_TYPES,
  noMailServerWarning,
  stalledWarning,
  statusOf,
  undelivered,
  type MailRow,
  type MailType,
} from '../logic/mail-log'

// The template editor, with its form and preview, loads when the office opens it.
const TemplateEditor = lazy(() => import('./template-editor'))

function MailBody({ mail }: { mail: MailRow }) {
  const { body, error } = useMailBody(mail.id)
  if (error) return <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>
  if (!body) return <Text c="dimmed">Loading…</Text>
  return (
    <Stack gap="xs">
      <Text size="sm">{addressLine(mail)}</Text>
      {body.attachments.length > 0 && (
        <Text size="sm" c="dimmed">
          Attachments: {body.attachments.join(', ')}
        </Text>
      )}
      {/* The message as it went out. */}
      <MessageFrame title={`The e-mail “${mail.subject}”`} html={body.html} />
    </Stack>
  )
}

/** Each address the server did not take the message for, with its answer. */
function Undelivered({ mail }: { mail: MailRow }) {
  const list = undelivered(mail)
  if (list.length === 0) return null
  return (
    <Stack gap={0} data-testid="mail-undelivered">
      {list.map((u) => (
        <Text
          key={u.address}
          size="xs"
          c={u.status === 'refused' ? 'red' : 'orange'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {u.status === 'refused' ? 'Not delivered to' : 'Will try again for'} {u.address}:{' '}
          {u.reason}
        </Text>
      ))}
    </Stack>
  )
}

function MailCard({ mail, onOpen, onRetry }: { mail: MailRow; onOpen(): void; onRetry(): void }) {
  const status = statusOf(mail)
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="mail-row">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {mail.subject}
          </Text>
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {addressLine(mail)}
        </Text>
        <Text size="xs" c="dimmed">
          {mail.email_type ?? 'Other'} · {centreFormat(mail.created_at, 'd MMM yyyy HH:mm')}
          {mail.attachment_count > 0 &&
            ` · ${mail.attachment_count} ${mail.attachment_count === 1 ? 'attachment' : 'attachments'}`}
        </Text>
        <Text
          size="xs"
          c={mail.status === 'failed' ? 'red' : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {deliveryLine(mail, new Date())}
        </Text>
        <Undelivered mail={mail} />
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={onOpen}>
            View
          </Button>
          {mail.status === 'failed' && (
            <Button size="compact-sm" variant="light" onClick={onRetry}>
              Send again
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}

/** The e-mails the centre sent or is sending, by type, newest first. */
function MailLog({
  type,
  onType,
  offset,
  onOffset,
  log: { page, error, reload },
}: {
  type: MailType | null
  onType(type: MailType | null): void
  offset: number
  onOffset(offset: number): void
  log: ReturnType<typeof useMailLog>
}) {
  const [open, setOpen] = useState<MailRow | null>(null)
  const rows = page?.rows ?? []
  // An open mail server problem already says why mail waits; otherwise mail that nobody has
  // tried means the dispatcher is not being woken (on Supabase: Vault, pg_net, the function).
  // Without a mail server nothing is sent at all: the admin is told that, plainly, instead.
  const noServer = noMailServerWarning(page?.mailServer)
  const stalled = page?.serverProblem || noServer ? null : stalledWarning(page?.stalled)

  const retry = async (mail: MailRow) => {
    if (notifyResult(await retryMail(mail.id))) reload()
  }

  return (
    <Stack>
      <Select
        label="Type"
        data={[
          { value: '', label: 'All types' },
          ...MAIL_TYPES.map((t) => ({ value: t, label: t })),
        ]}
        value={type ?? ''}
        onChange={(v) => (onType((v || null) as MailType | null), onOffset(0))}
        allowDeselect={false}
        maw={260}
      />
      {error && <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>}
      {noServer && (
        <Alert color="red" title="No mail server is set up" data-testid="no-mail-server">
          {noServer}
        </Alert>
      )}
      {page?.serverProblem && (
        <Alert color="red" title="Queued e-mails are not leaving" data-testid="mail-server-problem">
          {page.serverProblem}
        </Alert>
      )}
      {stalled && (
        <Alert color="red" title="Queued e-mails are not leaving" data-testid="mail-stalled">
          {stalled}
        </Alert>
      )}
      {page && rows.length === 0 && (
        <Text c="dimmed" data-testid="mail-empty">
          {type ? `No ${type} e-mails.` : 'No e-mails yet.'}
        </Text>
      )}
      <Stack gap="xs">
        {rows.map((mail) => (
          <MailCard
            key={mail.id}
            mail={mail}
            onOpen={() => setOpen(mail)}
            onRetry={() => void retry(mail)}
          />
        ))}
      </Stack>
      <Pager
        offset={offset}
        shown={rows.length}
        total={page?.total ?? null}
        size={page?.pageSize ?? 15}
        onOffset={onOffset}
      />
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.subject} size="xl">
        {open && <MailBody mail={open} />}
      </Modal>
    </Stack>
  )
}

/**
 * The admin's Node Mailer pane: every e-mail the centre sends, by type (F33), and the centre's
 * e-mail templates (issue 16).
 */
export function MailLogScreen() {
  const [writing, setWriting] = useState(false)
  const [type, setType] = useState<MailType | null>(null)
  const [offset, setOffset] = useState(0)
  const log = useMailLog(type, offset)
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Node Mailer
          </Title>
          <Text size="sm" c="dimmed">
            The e-mails the centre sent or is sending, and the templates it writes them from.
          </Text>
        </div>
        <Button onClick={() => setWriting(true)}>Write an e-mail</Button>
      </Group>
      <Modal opened={writing} onClose={() => setWriting(false)} title="Write an e-mail" size="lg">
        {writing && (
          <WebmailDialog
            onDone={() => {
              setWriting(false)
              log.reload()
            }}
          />
        )}
      </Modal>
      <Tabs defaultValue="log" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="log">E-mails</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="log" pt="md">
          <MailLog type={type} onType={setType} offset={offset} onOffset={setOffset} log={log} />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <Suspense fallback={<Text c="dimmed">Opening the templates…</Text>}>
            <TemplateEditor />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

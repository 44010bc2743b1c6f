import { useState } from 'react'
import {
  Alert,
  Button,
  FileInput,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { attachmentOf, sendWebmail, useSenders } from '../hooks/use-webmail'
import {
  addressList,
  bodyHtml,
  defaultCc,
  defaultSender,
  webmailProblems,
  type SenderAccount,
  type WebmailInput,
} from '../logic/webmail'

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

function WebmailForm({
  senders,
  mine,
  onDone,
}: {
  senders: SenderAccount[]
  mine: string | null
  onDone(): void
}) {
  const [input, setInput] = useState<WebmailInput>({
    sender: defaultSender(senders, mine),
    to: '',
    cc: defaultCc(senders),
    subject: '',
    body: '',
  })
  const [files, setFiles] = useState<File[]>([])
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const problems = webmailProblems(input)
  const tooLarge = files.reduce((n, f) => n + f.size, 0) > MAX_ATTACHMENT_BYTES
  const submit = async () => {
    setTried(true)
    if (Object.keys(problems).length > 0 || tooLarge || !input.sender) return
    const recipients = addressList(input.to)
    setBusy(true)
    setFailure(null)
    const sending = notifications.show({
      loading: true,
      autoClose: false,
      message: `Sending email to ${recipients.join(', ')}`,
    })
    try {
      const answer = await sendWebmail({
        sender: input.sender,
        recipients,
        cc: addressList(input.cc),
        subject: input.subject.trim(),
        html_body: bodyHtml(input.body),
        attachments: await Promise.all(files.map(attachmentOf)),
      })
      notifications.hide(sending)
      if (!answer.ok || answer.data.type !== 'success') {
        setFailure(answer.ok ? answer.data.message : answer.message)
        return
      }
      notifications.show({ color: 'green', message: answer.data.message })
      onDone()
    } finally {
      notifications.hide(sending)
      setBusy(false)
    }
  }
  const set = (patch: Partial<WebmailInput>) => setInput({ ...input, ...patch })
  return (
    <form onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The e-mail was not sent">
            {failure}
          </Alert>
        )}
        <Select
          label="Sender"
          data={senders.map((s) => ({ value: s.key, label: s.display_name }))}
          value={input.sender}
          onChange={(sender) => set({ sender })}
          allowDeselect={false}
          error={tried && problems.sender}
        />
        <TextInput
          label="To"
          required
          description="One or more addresses, separated by commas."
          value={input.to}
          onChange={(e) => set({ to: e.currentTarget.value })}
          error={tried && problems.to}
          data-autofocus
        />
        <TextInput
          label="Cc"
          value={input.cc}
          onChange={(e) => set({ cc: e.currentTarget.value })}
          error={tried && problems.cc}
        />
        <TextInput
          label="Subject"
          required
          maxLength={998}
          value={input.subject}
          onChange={(e) => set({ subject: e.currentTarget.value })}
          error={tried && problems.subject}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          maxRows={14}
          value={input.body}
          onChange={(e) => set({ body: e.currentTarget.value })}
          error={tried && problems.body}
        />
        <FileInput
          label="Attachments"
          multiple
          clearable
          placeholder="Choose files"
          value={files}
          onChange={setFiles}
          error={tooLarge ? 'The attachments are larger than 10 MB' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The webmail dialog (operations.md §2, §3): sender, recipients, cc, subject, body, attachments. */
export function WebmailDialog({ onDone }: { onDone(): void }) {
  const { data, error } = useSenders()
  if (error) return <Alert color="red">{error}</Alert>
  if (!data) return <Text size="sm">Loading…</Text>
  if (data.senders.length === 0)
    return (
      <Alert color="orange">
        No sender accounts are set up yet (the table mail_senders, see the README).
      </Alert>
    )
  return <WebmailForm senders={data.senders} mine={data.mine} onDone={onDone} />
}

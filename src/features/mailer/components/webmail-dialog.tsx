import { useState } from 'react'
import {
  Alert,
  Button,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import {
  PLACEHOLDER_LABELS,
  TEMPLATE_ATTACHMENTS,
  TEMPLATE_LABELS,
  TEMPLATE_NAMES,
  type EmailDraft,
} from '@sync/rules/messaging/templates'
import {
  chosenTemplate,
  webmailFormSchema,
  type WebmailFormValues,
} from '@sync/rules/messaging/webmail-form'
import { centre } from '@/lib/centre'
import { useEmailTemplates } from '@/lib/email-templates'
import { useSubmit } from '@/components/form/use-submit'
import { attachmentOf, sendWebmail, useSenders } from '../hooks/use-webmail'
import { MessageFrame } from './message-frame'
import {
  addressList,
  composeEmail,
  defaultCc,
  defaultSender,
  templateFields,
  templateProblems,
  type ChosenTemplate,
  type Composed,
  type SenderAccount,
} from '../logic/webmail'

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024
const FREE = 'none'
const bySchema = schemaResolver(webmailFormSchema, { sync: true })

/**
 * The form's problems: the schema's for the sender and addresses (and the subject and message
 * written freely); with a template, its fields are those of the version in use, which may not
 * be the default's the schema knows.
 */
function validateWith(inUse: (name: string) => ChosenTemplate | null) {
  return (form: WebmailFormValues) => {
    const template = inUse(form.template)
    if (!template) return bySchema(form)
    const errors = bySchema({ ...form, template: FREE, subject: 'template', body: 'template' })
    for (const [field, message] of Object.entries(templateProblems(template, form.values)))
      errors[`values.${field}`] = message
    return errors
  }
}

/** The e-mail as it will go out: from, to, copies, subject, the message and its attachments. */
function EmailPreview({
  sender,
  to,
  cc,
  mail,
  files,
}: {
  sender: SenderAccount | undefined
  to: string[]
  cc: string[]
  mail: Composed
  files: File[]
}) {
  return (
    <Stack gap={4} data-testid="email-preview">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>From:</b> {sender ? `${sender.display_name} <${sender.address}>` : ''}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>To:</b> {to.join(', ')}
      </Text>
      {cc.length > 0 && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>Cc:</b> {cc.join(', ')}
        </Text>
      )}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>Subject:</b> {mail.subject}
      </Text>
      {files.length > 0 && (
        <Text size="sm" c="dimmed">
          Attachments: {files.map((f) => f.name).join(', ')}
        </Text>
      )}
      {/* The message as the family will read it. */}
      <MessageFrame title="The message" html={mail.html} height={300} />
    </Stack>
  )
}

function WebmailForm({
  senders,
  mine,
  draft,
  onDone,
}: {
  senders: SenderAccount[]
  mine: string | null
  draft: EmailDraft | undefined
  onDone(): void
}) {
  const templates = draft?.templates ?? TEMPLATE_NAMES
  const { templateFor } = useEmailTemplates()
  const inUse = (name: string): ChosenTemplate | null => {
    const template = chosenTemplate(name)
    return template && { name: template, ...templateFor(template) }
  }
  const form = useForm<WebmailFormValues>({
    initialValues: {
      sender: defaultSender(senders, mine),
      to: draft?.to.join(', ') ?? '',
      cc: defaultCc(senders),
      subject: '',
      body: '',
      template: draft?.templates[0] ?? FREE,
      values: draft?.values ?? {},
    },
    validate: validateWith(inUse),
  })
  const [files, setFiles] = useState<File[]>([])
  const [tried, setTried] = useState(false)
  const [previewing, setPreviewing] = useState<Composed | null>(null)
  const { busy, failure, setFailure, run } = useSubmit()
  const input = form.getValues()
  const template = inUse(input.template)
  const sender = senders.find((s) => s.key === input.sender)
  const tooLarge = files.reduce((n, f) => n + f.size, 0) > MAX_ATTACHMENT_BYTES
  // A template that says a file is attached needs one.
  const needsFile = template && files.length === 0 ? TEMPLATE_ATTACHMENTS[template.name] : undefined
  const preview = (values: WebmailFormValues) => {
    setTried(true)
    const chosen = senders.find((s) => s.key === values.sender)
    if (tooLarge || needsFile || !chosen) return
    setFailure(null)
    setPreviewing(
      composeEmail(values, inUse(values.template), values.values, {
        centreName: centre.name,
        senderName: chosen.display_name,
        appLink: window.location.origin,
      }),
    )
  }
  const send = async (mail: Composed) => {
    if (!input.sender) return
    const recipients = addressList(input.to)
    const sender = input.sender
    setFailure(null)
    await run(async () => {
      const sending = notifications.show({
        loading: true,
        autoClose: false,
        message: `Sending email to ${recipients.join(', ')}`,
      })
      try {
        const answer = await sendWebmail({
          sender,
          recipients,
          cc: addressList(input.cc),
          subject: mail.subject,
          html_body: mail.html,
          attachments: await Promise.all(files.map(attachmentOf)),
          email_trigger: mail.trigger,
        })
        if (!answer.ok || answer.data.type !== 'success') {
          setFailure(answer.ok ? answer.data.message : answer.message)
          return
        }
        notifications.show({ color: 'green', message: answer.data.message })
        onDone()
      } finally {
        notifications.hide(sending)
      }
    })
  }
  const failed = failure && (
    <Alert color="red" title="The e-mail was not sent">
      {failure}
    </Alert>
  )
  if (previewing)
    return (
      <Stack gap="sm">
        {failed}
        <EmailPreview
          sender={sender}
          to={addressList(input.to)}
          cc={addressList(input.cc)}
          mail={previewing}
          files={files}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPreviewing(null)} disabled={busy}>
            Edit
          </Button>
          <Button onClick={() => void send(previewing)} loading={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    )
  return (
    <form onSubmit={form.onSubmit(preview, () => setTried(true))} noValidate>
      <Stack gap="sm">
        {failed}
        <Select
          label="Sender"
          data={senders.map((s) => ({ value: s.key, label: s.display_name }))}
          allowDeselect={false}
          {...form.getInputProps('sender')}
        />
        <TextInput
          label="To"
          required
          description="One or more addresses, separated by commas."
          data-autofocus
          {...form.getInputProps('to')}
        />
        <TextInput label="Cc" {...form.getInputProps('cc')} />
        <Select
          label="Template"
          data={[
            { value: FREE, label: 'None: write the message' },
            ...templates.map((t) => ({ value: t, label: TEMPLATE_LABELS[t] })),
          ]}
          allowDeselect={false}
          {...form.getInputProps('template')}
        />
        {template ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            {templateFields(template).map((field) => (
              <TextInput
                key={field}
                label={PLACEHOLDER_LABELS[field] ?? field}
                required
                {...form.getInputProps(`values.${field}`)}
                value={input.values[field] ?? ''}
              />
            ))}
          </SimpleGrid>
        ) : (
          <>
            <TextInput
              label="Subject"
              required
              maxLength={998}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label="Message"
              required
              autosize
              minRows={5}
              maxRows={14}
              {...form.getInputProps('body')}
            />
          </>
        )}
        <FileInput
          label="Attachments"
          multiple
          clearable
          placeholder="Choose files"
          value={files}
          onChange={setFiles}
          description={template ? TEMPLATE_ATTACHMENTS[template.name] : undefined}
          error={
            tooLarge
              ? 'The attachments are larger than 10 MB'
              : tried && needsFile
                ? 'Attach the curriculum before the preview'
                : undefined
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">Preview</Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The webmail dialog (operations.md §2, §3; O01-O11): sender, recipients, cc, a template or a
 * subject and message, attachments; every e-mail is previewed as it will go out before it is
 * sent. Begun from a record (`draft`), it starts with its recipients, values and templates.
 */
export function WebmailDialog({ onDone, draft }: { onDone(): void; draft?: EmailDraft }) {
  const { data, error } = useSenders()
  if (error) return <Alert color="red">{error}</Alert>
  if (!data) return <Text size="sm">Loading…</Text>
  if (!data.may_send)
    return (
      <Alert color="orange" title="E-mail sending is off">
        E-mail sending is turned off for your account. An admin can turn it on in Members.
      </Alert>
    )
  if (data.senders.length === 0)
    return (
      <Alert color="orange">
        No sender accounts are set up yet (the table mail_senders, see the README).
      </Alert>
    )
  return <WebmailForm senders={data.senders} mine={data.mine} draft={draft} onDone={onDone} />
}

import type { Ref } from 'react'
import { Stack, Text, Title } from '@mantine/core'
import { withInlineImages, type InlineImage } from '@sync/rules/fees/payment-mail'
import type { SenderAccount } from '../logic/step-senders'

/**
 * An e-mail's HTML as the family will read it, in a sandboxed frame: no scripts, and no link
 * that navigates the app. White behind it, as in a mail reader, whatever the app's scheme.
 */
function MessageFrame({ title, html }: { title: string; html: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        height: 320,
        border: '1px solid var(--mantine-color-default-border)',
        background: 'white',
      }}
    />
  )
}

const line = { overflowWrap: 'anywhere' } as const

/** A step's e-mail as it will go out: from, to, copies, subject, attachments and the message. */
export function StepPreview({
  sender,
  to,
  cc,
  subject,
  html,
  images = [],
  attachments,
  headingRef,
}: {
  sender: SenderAccount | undefined
  to: string[]
  cc: string[]
  subject: string
  html: string
  /** Images the HTML shows by their Content-ID (the UPI QR code), sent inline. */
  images?: readonly InlineImage[]
  attachments: readonly string[]
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <Stack gap={4} data-testid="step-preview">
      <Title order={4} size="h6" ref={headingRef} tabIndex={-1}>
        Preview
      </Title>
      <Text size="sm" style={line}>
        <b>From:</b> {sender ? `${sender.display_name} <${sender.address}>` : ''}
      </Text>
      <Text size="sm" style={line}>
        <b>To:</b> {to.join(', ')}
      </Text>
      {cc.length > 0 && (
        <Text size="sm" style={line}>
          <b>Cc:</b> {cc.join(', ')}
        </Text>
      )}
      <Text size="sm" style={line}>
        <b>Subject:</b> {subject}
      </Text>
      {attachments.length > 0 && (
        <Text size="sm" style={line}>
          <b>Attachments:</b> {attachments.join(', ')}
        </Text>
      )}
      <MessageFrame title="The message" html={withInlineImages(html, images)} />
    </Stack>
  )
}

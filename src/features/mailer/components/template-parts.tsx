import '@mantine/core/styles/Combobox.css'
import { useId } from 'react'
import { Badge, Button, Code, Group, Select, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { format } from 'date-fns'
import {
  EDITABLE_TEMPLATE_LABELS,
  EDITABLE_TEMPLATE_NAMES,
  fillTemplate,
  PLACEHOLDER_LABELS,
  sampleValues,
  type EditableTemplateName,
} from '@sync/rules/messaging/templates'
import type { StoredEmailTemplate } from '@/lib/email-templates'
import { MessageFrame } from './message-frame'

/** The templates to choose from, the ones the centre changed marked so. */
export function TemplateChooser({
  value,
  changed,
  onChange,
}: {
  value: EditableTemplateName
  changed: ReadonlySet<string>
  onChange(name: EditableTemplateName): void
}) {
  return (
    <Select<EditableTemplateName>
      label="Template"
      data={EDITABLE_TEMPLATE_NAMES.map((name) => ({
        value: name,
        label: EDITABLE_TEMPLATE_LABELS[name],
      }))}
      value={value}
      onChange={(name) => name && onChange(name)}
      allowDeselect={false}
      maw={{ base: '100%', sm: 320 }}
      renderOption={({ option }) => (
        <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
          <span>{option.label}</span>
          {changed.has(option.value) && (
            <Badge size="sm" variant="light">
              Changed
            </Badge>
          )}
        </Group>
      )}
    />
  )
}

/** Whose version is in use: the centre's (who changed it and when) or the app's default. */
export function VersionLine({ version }: { version: StoredEmailTemplate | undefined }) {
  return (
    <Group gap="xs" data-testid="template-version">
      <Badge variant="light" color={version ? 'blue' : 'gray'}>
        {version ? 'Changed' : 'Default'}
      </Badge>
      <Text size="sm">
        {version
          ? `Changed${version.updated_by ? ` by ${version.updated_by}` : ''} on ${format(
              new Date(version.updated_at),
              "d MMM yyyy 'at' HH:mm",
            )}`
          : 'The app’s default'}
      </Text>
    </Group>
  )
}

/** The placeholders this e-mail may use, each put where the cursor is when chosen. */
export function PlaceholderList({
  names,
  onInsert,
}: {
  names: readonly string[]
  onInsert(name: string): void
}) {
  const id = useId()
  return (
    <Stack gap={6}>
      <div>
        <Text size="sm" fw="var(--mantine-font-weight-medium)" id={id}>
          Placeholders
        </Text>
        <Text size="xs" c="dimmed">
          Filled in when the e-mail is written. Choose one to put it where the cursor is.
        </Text>
      </div>
      <Group gap={6} role="group" aria-labelledby={id}>
        {names.map((name) => (
          <Button
            key={name}
            size="compact-sm"
            variant="default"
            onClick={() => onInsert(name)}
            styles={{ label: { gap: 6 } }}
          >
            <Code bg="transparent" c="inherit" p={0}>{`{{${name}}}`}</Code>
            <Text span size="xs" c="dimmed">
              {PLACEHOLDER_LABELS[name]}
            </Text>
          </Button>
        ))}
      </Group>
    </Stack>
  )
}

/** The e-mail as it would read, each value shown by its name in brackets ("[Student]"). */
export function TemplatePreview({ subject, html }: { subject: string; html: string }) {
  const [shownSubject] = useDebouncedValue(subject, 250)
  const [shownHtml] = useDebouncedValue(html, 250)
  const template = { subject: shownSubject, html: shownHtml }
  const filled = fillTemplate(template, sampleValues(template))
  return (
    <Stack gap="xs" data-testid="template-preview">
      <div>
        <Title order={3} size="h4">
          Preview
        </Title>
        <Text size="xs" c="dimmed">
          Each value is shown by its name in brackets.
        </Text>
      </div>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>Subject:</b> {filled.subject}
      </Text>
      <MessageFrame title="Preview of the message" html={filled.html} height={420} />
    </Stack>
  )
}

import { useState } from 'react'
import { Alert, Stack, Text, Title } from '@mantine/core'
import type { EditableTemplateName } from '@sync/rules/messaging/templates'
import { useEmailTemplates } from '@/lib/email-templates'
import { TemplateForm } from './template-form'

/**
 * The office's e-mail templates (operations.md §9, O11; issue 16): the texts the centre sends at
 * each admissions step and with each receipt. A saved version is used by every e-mail written
 * from then on, on every device; Back to the default removes it.
 */
export function TemplateEditor() {
  const { stored, error, fresh, reload } = useEmailTemplates()
  const [name, setName] = useState<EditableTemplateName>('meeting')
  const version = stored.find((t) => t.name === name)
  return (
    <Stack gap="md" data-testid="template-editor">
      <div>
        <Title order={2} size="h3">
          E-mail templates
        </Title>
        <Text size="sm" c="dimmed">
          The texts the centre sends at each admissions step and with each receipt. A change is used
          by every e-mail written after it is saved.
        </Text>
      </div>
      {error && (
        <Alert color={navigator.onLine ? 'red' : 'yellow'}>
          {navigator.onLine
            ? error
            : 'You are offline: these are the templates this device last saw. Saving needs a connection.'}
        </Alert>
      )}
      {fresh || error ? (
        <TemplateForm
          // A saved or removed version starts the form again from what the server keeps.
          key={`${name}:${version?.updated_at ?? 'default'}`}
          name={name}
          version={version}
          changed={new Set(stored.map((t) => t.name))}
          onChoose={setName}
          onChanged={reload}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Loading the templates…
        </Text>
      )}
    </Stack>
  )
}

export default TemplateEditor

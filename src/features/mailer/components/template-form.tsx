import { useRef, useState } from 'react'
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  EDITABLE_TEMPLATE_LABELS,
  EDITABLE_TEMPLATES,
  placeholdersFor,
  type EditableTemplateName,
} from '@sync/rules/messaging/templates'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { notifyResult } from '@/components/feedback/notify-result'
import type { StoredEmailTemplate } from '@/lib/email-templates'
import { useSubmit } from '@/components/form/use-submit'
import { resetTemplate, saveTemplate } from '../hooks/use-template-editor'
import { templateFormSchema, type TemplateFormValues } from '../logic/template-form'
import { PlaceholderList, TemplateChooser, TemplatePreview, VersionLine } from './template-parts'

const validate = schemaResolver(templateFormSchema, { sync: true })
const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }

type Field = 'subject' | 'html'

/**
 * One template being edited: its subject and message with their problems, the placeholders it
 * may use, a preview, Save and Back to the default. Choosing another template with unsaved
 * changes asks first.
 */
export function TemplateForm({
  name,
  version,
  changed,
  onChoose,
  onChanged,
}: {
  name: EditableTemplateName
  version: StoredEmailTemplate | undefined
  changed: ReadonlySet<string>
  onChoose(name: EditableTemplateName): void
  onChanged(): void
}) {
  const text = version ?? EDITABLE_TEMPLATES[name]
  const form = useForm<TemplateFormValues>({
    initialValues: { name, subject: text.subject, html: text.html },
    validate,
    validateInputOnChange: true,
  })
  const { busy, run } = useSubmit()
  const [confirm, setConfirm] = useState<'reset' | { leaveFor: EditableTemplateName } | null>(null)
  const subjectRef = useRef<HTMLInputElement>(null)
  const htmlRef = useRef<HTMLTextAreaElement>(null)
  // Where a chosen placeholder goes: the field the cursor was in last.
  const [lastField, setLastField] = useState<Field>('html')
  const label = EDITABLE_TEMPLATE_LABELS[name]
  const values = form.getValues()

  const focusProps = (field: Field) => {
    const props = form.getInputProps(field)
    return {
      ...props,
      onFocus: () => {
        setLastField(field)
        props.onFocus?.()
      },
    }
  }
  const insert = (placeholder: string) => {
    const field = lastField
    const input = field === 'subject' ? subjectRef.current : htmlRef.current
    const current = form.getValues()[field]
    const start = input?.selectionStart ?? current.length
    const end = input?.selectionEnd ?? start
    const mark = `{{${placeholder}}}`
    form.setFieldValue(field, current.slice(0, start) + mark + current.slice(end))
    requestAnimationFrame(() => {
      input?.focus()
      input?.setSelectionRange(start + mark.length, start + mark.length)
    })
  }
  const save = (form: TemplateFormValues) =>
    run(async () => {
      if (notifyResult(await saveTemplate(name, form.subject, form.html))) onChanged()
    })
  const reset = async () => {
    if (notifyResult(await resetTemplate(name))) onChanged()
    setConfirm(null)
  }
  const choose = (next: EditableTemplateName) => {
    if (next === name) return
    if (form.isDirty()) setConfirm({ leaveFor: next })
    else onChoose(next)
  }

  return (
    <>
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap="md">
          <Stack gap="xs">
            <TemplateChooser value={name} changed={changed} onChange={choose} />
            <VersionLine version={version} />
          </Stack>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
            <Stack gap="sm">
              <TextInput label="Subject" required ref={subjectRef} {...focusProps('subject')} />
              <Textarea
                label="Message (HTML)"
                description="The e-mail's HTML: paragraphs in <p>…</p>, line breaks as <br>."
                required
                autosize
                minRows={10}
                maxRows={22}
                spellCheck={false}
                styles={monospace}
                ref={htmlRef}
                {...focusProps('html')}
              />
              <PlaceholderList names={placeholdersFor(name)} onInsert={insert} />
            </Stack>
            <TemplatePreview subject={values.subject} html={values.html} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            {version && (
              <Button variant="default" onClick={() => setConfirm('reset')} disabled={busy}>
                Back to the default
              </Button>
            )}
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirm === 'reset'}
        title="Back to the default"
        message={`The ${label.toLowerCase()} e-mail goes back to the app’s default text. The centre’s version is removed.`}
        action="Back to the default"
        onConfirm={reset}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={typeof confirm === 'object' && confirm !== null}
        title="Leave your changes?"
        message={`Your changes to the ${label.toLowerCase()} e-mail are not saved.`}
        action="Leave them"
        onConfirm={() => {
          if (typeof confirm === 'object' && confirm) onChoose(confirm.leaveFor)
        }}
        onCancel={() => setConfirm(null)}
      />
    </>
  )
}

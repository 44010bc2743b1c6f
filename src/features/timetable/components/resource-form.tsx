import { useState } from 'react'
import { Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { extensionOf } from '../logic/resources'

export interface ResourceData {
  type: string
  link?: string
  description?: string
  fileExtension?: string
}

/** A resource: a link by default (L09), with a description; the file extension is read from the link. */
export function ResourceForm({
  initial,
  onSubmit,
  submitLabel = 'Add resource',
}: {
  initial?: ResourceData
  onSubmit(data: ResourceData): Promise<void>
  submitLabel?: string
}) {
  const [type, setType] = useState(initial?.type ?? 'link')
  const [link, setLink] = useState(initial?.link ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const submit = async () => {
    if (!link.trim() && !description.trim()) return setError('Give a link or a description')
    if (type === 'link' && link.trim() && !/^https?:\/\/\S+$/i.test(link.trim()))
      return setError('A link starts with http:// or https://')
    setError(null)
    await onSubmit({
      type,
      link: link.trim() || undefined,
      description: description.trim() || undefined,
      fileExtension: extensionOf(link.trim()),
    })
    setLink('')
    setDescription('')
  }
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <Select
          label="Type"
          data={[
            { value: 'link', label: 'Link' },
            { value: 'book', label: 'Book' },
            { value: 'file', label: 'File' },
            { value: 'other', label: 'Other' },
          ]}
          value={type}
          onChange={(v) => setType(v ?? 'link')}
          allowDeselect={false}
        />
        <TextInput
          label="Link"
          placeholder="https://"
          value={link}
          onChange={(e) => setLink(e.currentTarget.value)}
          error={error}
        />
      </Group>
      <TextInput
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  )
}

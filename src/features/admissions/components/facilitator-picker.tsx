import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Modal.css'
import { useState } from 'react'
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { InquiryRow } from '@sync/engine/database'
import { useSubmit } from '@/components/form/use-submit'
import { useFacilitatorOptions } from '../hooks/use-facilitator-options'
import { useInquiryWriter } from '../hooks/use-inquiries'
import {
  chosenNames,
  facilitatorsToSave,
  pickerOptions,
  savedMessage,
  type FacilitatorOption,
} from '../logic/facilitator-picker'

function PickerDialog({
  all,
  chosen,
  onCancel,
  onSave,
}: {
  all: FacilitatorOption[]
  chosen: string[]
  onCancel(): void
  onSave(ids: string[]): Promise<void>
}) {
  const [query, setQuery] = useState('')
  const [ticked, setTicked] = useState<string[]>(chosen)
  const { busy: saving, run } = useSubmit()
  const options = pickerOptions(all, query, ticked)
  const matches = pickerOptions(all, query, []).length
  const save = () => run(() => onSave(facilitatorsToSave(ticked, all)))
  return (
    <Modal opened onClose={onCancel} title="Choose facilitators" size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The facilitators who meet this family and take the children on trial.
        </Text>
        <TextInput
          label="Find a facilitator"
          placeholder="Name or e-mail"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          maxLength={100}
          data-autofocus
        />
        <Checkbox.Group value={ticked} onChange={setTicked} label="Facilitators">
          <Stack gap={6} mt={6} data-testid="facilitator-options">
            {options.map((f) => (
              <Checkbox key={f.id} value={f.id} label={f.name} description={f.email ?? undefined} />
            ))}
            {all.length === 0 ? (
              <Text size="sm" c="dimmed">
                No facilitators on this device yet: add them in the admin dashboard.
              </Text>
            ) : (
              matches === 0 && (
                <Text size="sm" c="dimmed" role="status">
                  No facilitator matches “{query.trim()}”.
                </Text>
              )
            )}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Save {ticked.length === 1 ? '1 facilitator' : `${ticked.length} facilitators`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * An inquiry's facilitators (H16): who is chosen, and the facilitator picker. Saved on the
 * device, so it works offline like the rest of triage.
 */
export function InquiryFacilitators({ row }: { row: InquiryRow }) {
  const all = useFacilitatorOptions()
  const writer = useInquiryWriter()
  const [picking, setPicking] = useState(false)
  const chosen = row.data.facilitators ?? []
  const names = chosenNames(chosen, all ?? [])
  return (
    <Stack gap={4} data-testid="inquiry-facilitators">
      <Title order={3} size="h5">
        Facilitators
      </Title>
      <Text size="sm" c={names.length ? undefined : 'dimmed'}>
        {names.length ? names.join(', ') : 'No facilitator chosen yet.'}
      </Text>
      <Group>
        <Button size="xs" variant="light" onClick={() => setPicking(true)} disabled={!all}>
          Choose facilitators
        </Button>
      </Group>
      {picking && all && (
        <PickerDialog
          all={all}
          chosen={chosen}
          onCancel={() => setPicking(false)}
          onSave={async (ids) => {
            try {
              await writer.setFacilitators(row.id, ids)
              setPicking(false)
              notifications.show({ color: 'green', message: savedMessage(ids.length) })
            } catch (error) {
              notifications.show({ color: 'red', message: (error as Error).message })
            }
          }}
        />
      )}
    </Stack>
  )
}

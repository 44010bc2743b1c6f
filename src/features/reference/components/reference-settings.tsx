import '@mantine/core/styles/Tabs.css'
import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/core/styles/Switch.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/ScrollArea.css'
import { Stack, Tabs, Text, Title } from '@mantine/core'
import type { ReferenceKind } from '@sync/contract/collections/reference'
import { KIND_LABELS } from '../logic/records'
import { ReferenceList } from './reference-list'

const KINDS: ReferenceKind[] = [
  'session_timing',
  'subject',
  'classroom',
  'group',
  'fee_tariff',
  'holiday',
]

/** The centre's lists that every screen uses; changes made offline sync when back online. */
export function ReferenceSettings() {
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Centre settings
        </Title>
        <Text c="dimmed" size="sm">
          Timings, subjects, classrooms, groups, fee tariffs and holidays used across the app.
        </Text>
      </div>
      <Tabs defaultValue="session_timing" keepMounted={false}>
        <Tabs.List>
          {KINDS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {KIND_LABELS[k].many}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {KINDS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <ReferenceList kind={k} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}

import { useState } from 'react'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import {
  ActionIcon,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core'
import type { ReferenceKind } from '@sync/contract/collections/reference'
import { format } from 'date-fns'
import { academicYearOf } from '@/lib/time/academic-year'
import { useReferenceRecords, useReferenceWriter } from '../hooks/use-reference'
import { holidayYears, KIND_LABELS, recordTitle, type ReferenceRecord } from '../logic/records'
import { emptyRecord, ReferenceForm } from './reference-form'

function Details({ record }: { record: ReferenceRecord }) {
  const d = record.data
  if (record.kind === 'subject')
    return (
      <Group gap="xs">
        <ColorSwatch color={String(d.color)} size={16} />
        {d.mixedGroup === true && <Badge variant="light">Mixed groups</Badge>}
      </Group>
    )
  if (record.kind === 'group')
    return (
      <Text size="sm">
        Timing set {String(d.timingSet)} · {d.status === 'active' ? 'Active' : 'Inactive'}
      </Text>
    )
  if (record.kind === 'holiday')
    return (
      <Text size="sm">
        {d.startDate === d.endDate
          ? String(d.startDate)
          : `${String(d.startDate)} to ${String(d.endDate)}`}{' '}
        · {String(d.academicYear)}
      </Text>
    )
  return null
}

/** One reference list: its records, and adding, editing and removing them. */
export function ReferenceList({ kind }: { kind: ReferenceKind }) {
  const writer = useReferenceWriter()
  const [editing, setEditing] = useState<{
    id: string | null
    data: Record<string, unknown>
  } | null>(null)
  const [removing, setRemoving] = useState<ReferenceRecord | null>(null)
  const label = KIND_LABELS[kind]
  // Holidays are listed one academic year at a time, the current one first (Q05).
  const today = format(new Date(), 'yyyy-MM-dd')
  const [year, setYear] = useState(() => academicYearOf(today))
  const all = useReferenceRecords(kind)
  const records = kind === 'holiday' ? all?.filter((r) => r.data.academicYear === year) : all
  return (
    <Stack gap="sm">
      {kind === 'holiday' && (
        <Select
          label="Academic year"
          data={holidayYears(
            today,
            all?.map((r) => r.data.academicYear),
          )}
          value={year}
          onChange={(v) => v && setYear(v)}
          allowDeselect={false}
          w={160}
        />
      )}
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {records
            ? `${records.length} ${records.length === 1 ? label.one.toLowerCase() : label.many.toLowerCase()}`
            : 'Loading…'}
        </Text>
        <Button size="sm" onClick={() => setEditing({ id: null, data: emptyRecord(kind) })}>
          Add {label.one.toLowerCase()}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={320}>
        <Table striped highlightOnHover aria-label={label.many}>
          <Table.Tbody>
            {records?.map((r) => (
              <Table.Tr key={r.id} data-testid="reference-row">
                <Table.Td>
                  <Text fw={500}>{recordTitle(r)}</Text>
                  <Details record={r} />
                </Table.Td>
                <Table.Td w={120}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setEditing({ id: r.id, data: r.data })}
                      aria-label={`Edit ${recordTitle(r)}`}
                    >
                      Edit
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(r)}
                      aria-label={`Remove ${recordTitle(r)}`}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={`${editing?.id ? 'Edit' : 'Add'} ${label.one.toLowerCase()}`}
      >
        {editing && (
          <ReferenceForm
            kind={kind}
            initial={editing.data}
            onCancel={() => setEditing(null)}
            onSubmit={async (data) => {
              await writer.save(kind, editing.id, data)
              setEditing(null)
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={!!removing}
        title={`Remove ${label.one.toLowerCase()}`}
        message={`Remove “${removing ? recordTitle(removing) : ''}” for everyone? Screens that use it will no longer offer it.`}
        action="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing) await writer.remove(removing.id)
          setRemoving(null)
        }}
      />
    </Stack>
  )
}

import '@mantine/core/styles/Modal.css'
import { useMemo, useState, type ReactNode } from 'react'
import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { canArchive, ENROLMENT_MESSAGES } from '@sync/rules/families/enrolment'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useOfficeData, useOfficeWriter } from '../hooks/use-office-families'
import {
  FAMILY_STATUS_LABELS,
  familiesOfPane,
  STUDENT_STATUS_LABELS,
  type OfficeChild,
  type OfficeFamily,
} from '../logic/office'
import { EnrolDialog } from './enrol-dialog'
import { ProfileDocuments } from './profile-documents'
import { RemoveStudentDialog } from './remove-student-dialog'

const today = () => new Date().toISOString().slice(0, 10)
const done = (message: string) => notifications.show({ color: 'green', message })
const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: (error as Error)?.message ?? String(error) })

export type FamiliesPaneKind = 'families' | 'archive'

const PANE_TEXT = {
  families: {
    title: 'Families',
    empty: 'No families yet: a family joins once its admission is accepted.',
    list: 'Families',
  },
  archive: {
    title: 'Archive',
    empty: 'No archived families.',
    list: 'Archived families',
  },
} as const

function FamilyCard({ family, onOpen }: { family: OfficeFamily; onOpen(): void }) {
  const enrolled = family.children.filter((c) => c.status !== 'terminated')
  return (
    <Paper withBorder radius="md" p="sm" data-testid="family-card">
      <UnstyledButton onClick={onOpen} w="100%" aria-label={`Open the ${family.name} family`}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{family.name}</Text>
          <Group gap={6}>
            {family.extendedProgramme && (
              <Badge color="grape" variant="light">
                Extended programme
              </Badge>
            )}
            {!family.profileComplete && (
              <Badge color="orange" variant="light">
                Profile incomplete
              </Badge>
            )}
            {family.expiredDocuments > 0 && (
              <Badge color="red" variant="light">
                {family.expiredDocuments} expired
              </Badge>
            )}
            <Badge variant="outline">{FAMILY_STATUS_LABELS[family.status]}</Badge>
          </Group>
        </Group>
        <Text size="sm">
          {enrolled.length > 0
            ? enrolled.map((c) => `${c.name} (${c.groupName})`).join(', ')
            : 'No enrolled children'}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {family.guardians.map((g) => g.name).join(', ')}
        </Text>
      </UnstyledButton>
    </Paper>
  )
}

function ChildLine({ child, onRemove }: { child: OfficeChild; onRemove?(): void }) {
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="family-child">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{child.name}</Text>
          <Text size="sm" c="dimmed">
            {child.groupName}
            {child.age !== null ? ` · ${child.age} years` : ''}
          </Text>
        </div>
        <Group gap={6}>
          <Badge variant="outline" color={child.status === 'terminated' ? 'gray' : 'blue'}>
            {STUDENT_STATUS_LABELS[child.status]}
          </Badge>
          {onRemove && (
            <Button size="xs" variant="light" color="red" onClick={onRemove}>
              Remove {child.name}
            </Button>
          )}
        </Group>
      </Group>
      {child.terminationNotes && (
        <Text size="sm" mt={4}>
          Notes: {child.terminationNotes}
        </Text>
      )}
    </Paper>
  )
}

function FamilyDetail({
  family,
  documents,
  pane,
  onEnrol,
  onRemove,
  onArchive,
  onRestore,
}: {
  family: OfficeFamily
  /** The family's documents and forms, which the office also uploads (I21, I22). */
  documents: ReactNode
  pane: FamiliesPaneKind
  onEnrol(): void
  onRemove(child: OfficeChild): void
  onArchive(): void
  onRestore(): void
}) {
  const archivable = canArchive(family.children.map((c) => c.status))
  return (
    <Stack gap="md" data-testid="family-detail">
      <Group gap={6}>
        <Badge variant="outline">{FAMILY_STATUS_LABELS[family.status]}</Badge>
        {family.extendedProgramme && (
          <Badge color="grape" variant="light">
            Extended programme
          </Badge>
        )}
      </Group>
      <section aria-labelledby="family-guardians">
        <Title order={3} size="h5" id="family-guardians">
          Guardians
        </Title>
        {family.guardians.length === 0 ? (
          <Text size="sm" c="dimmed">
            No guardians recorded.
          </Text>
        ) : (
          <List spacing={4} size="sm">
            {family.guardians.map((g, i) => (
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                <b>{g.name}</b>
                {g.email ? ` · ${g.email}` : ''}
                {g.phone ? ` · ${g.phone}` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      <section aria-labelledby="family-children">
        <Group justify="space-between" mb={4}>
          <Title order={3} size="h5" id="family-children">
            Children
          </Title>
          {pane === 'families' && (
            <Button size="xs" onClick={onEnrol}>
              Enrol a student
            </Button>
          )}
        </Group>
        <Stack gap={6}>
          {family.children.length === 0 && (
            <Text size="sm" c="dimmed">
              No children enrolled yet.
            </Text>
          )}
          {family.children.map((c) => (
            <ChildLine
              key={c.id}
              child={c}
              onRemove={
                pane === 'families' && c.status !== 'terminated' ? () => onRemove(c) : undefined
              }
            />
          ))}
        </Stack>
      </section>
      <section aria-labelledby="family-profile">
        <Title order={3} size="h5" id="family-profile">
          Profile
        </Title>
        {family.profileComplete ? (
          <Text size="sm">The profile is complete.</Text>
        ) : (
          <List size="sm" spacing={2}>
            {family.gaps.map((gap) => (
              <List.Item key={gap}>{gap}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c={family.expiredDocuments > 0 ? 'red' : 'dimmed'}>
          {family.expiredDocuments === 1
            ? '1 identity document has expired.'
            : `${family.expiredDocuments} identity documents have expired.`}
        </Text>
        <Text size="sm" c="dimmed">
          Forms uploaded: {family.forms}
        </Text>
      </section>
      <section aria-labelledby="family-documents">
        <Title order={3} size="h5" id="family-documents" mb={4}>
          Documents
        </Title>
        {documents}
      </section>
      <Group justify="flex-end">
        {pane === 'families' ? (
          <Stack gap={4} align="flex-end">
            <Button variant="default" color="red" onClick={onArchive} disabled={!archivable}>
              Archive family
            </Button>
            {!archivable && (
              <Text size="xs" c="dimmed" ta="right">
                {ENROLMENT_MESSAGES.stillEnrolled}
              </Text>
            )}
          </Stack>
        ) : (
          <Button variant="default" onClick={onRestore}>
            Restore family
          </Button>
        )}
      </Group>
    </Stack>
  )
}

/** Administration's Families pane (and, for archived families, its Archive pane). */
export function FamiliesPane({ pane }: { pane: FamiliesPaneKind }) {
  const data = useOfficeData()
  const writer = useOfficeWriter()
  const [search, setSearch] = useState('')
  const [openId, setOpenId] = useState<string | null>(null)
  const [enrolling, setEnrolling] = useState(false)
  const [removing, setRemoving] = useState<OfficeChild | null>(null)
  const [confirming, setConfirming] = useState(false)
  const text = PANE_TEXT[pane]
  const list = useMemo(
    () =>
      data ? familiesOfPane(data.families, data.students, data.groups, today(), pane, search) : [],
    [data, pane, search],
  )
  // The open family is looked up in every family, so it stays open as it moves between panes.
  const open = useMemo(() => {
    if (!data || !openId) return null
    return (
      familiesOfPane(data.families, data.students, data.groups, today(), 'families').find(
        (f) => f.id === openId,
      ) ??
      familiesOfPane(data.families, data.students, data.groups, today(), 'archive').find(
        (f) => f.id === openId,
      ) ??
      null
    )
  }, [data, openId])
  const openRow = data?.families.find((f) => f.id === openId) ?? null
  const close = () => setOpenId(null)
  return (
    <Stack gap="md" data-testid={`${pane}-pane`}>
      <Title order={1}>{text.title}</Title>
      <TextInput
        label="Search"
        placeholder="Family, guardian or child"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {data === null ? (
        <Text c="dimmed">Opening the families on this device…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">{search.trim() ? 'No family matches this search.' : text.empty}</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={text.list}>
          {list.map((f) => (
            <div role="listitem" key={f.id}>
              <FamilyCard family={f} onOpen={() => setOpenId(f.id)} />
            </div>
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={close}
        title={open ? `${open.name} family` : ''}
        size="lg"
      >
        {open && (
          <FamilyDetail
            family={open}
            documents={
              openRow && (
                <ProfileDocuments
                  family={openRow}
                  children={(data?.students ?? []).filter(
                    (st) => st.family_id === openRow.id && st.status !== 'terminated',
                  )}
                />
              )
            }
            pane={open.status === 'archived' ? 'archive' : 'families'}
            onEnrol={() => setEnrolling(true)}
            onRemove={setRemoving}
            onArchive={() => setConfirming(true)}
            onRestore={() =>
              writer
                .restore(open.id)
                .then((message) => {
                  done(message)
                  close()
                })
                .catch(failed)
            }
          />
        )}
      </Modal>
      {open && data && (
        <EnrolDialog
          opened={enrolling}
          familyName={open.name}
          groups={[...data.groups.values()].sort((a, b) => a.name.localeCompare(b.name))}
          tariffs={data.tariffs}
          onClose={() => setEnrolling(false)}
          onEnrol={async (values) => {
            done(await writer.enrol(open.id, values))
            setEnrolling(false)
          }}
        />
      )}
      <RemoveStudentDialog
        student={removing}
        onClose={() => setRemoving(null)}
        onRemove={async (id, notes) => {
          done(await writer.terminate(id, notes))
          setRemoving(null)
        }}
      />
      <ConfirmDialog
        opened={confirming && open !== null}
        title="Archive this family?"
        message={`The ${open?.name ?? ''} family moves to the Archive. You can restore it from there.`}
        action="Archive"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (!open) return
          try {
            done(await writer.archive(open.id))
            setConfirming(false)
            close()
          } catch (error) {
            failed(error)
          }
        }}
      />
    </Stack>
  )
}

import '@mantine/core/styles/Tabs.css'
import '@mantine/core/styles/Modal.css'
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  DIALOG_STATUSES,
  inquiryMatches,
  PIPELINE_TABS,
  sortedForTab,
  statusLabel,
  tabCounts,
  tabLabel,
  type PipelineTab,
} from '@sync/rules/admissions/pipeline'
import type { StepKind } from '@sync/rules/admissions/steps'
import type { InquiryStatus } from '@sync/contract/collections/inquiries'
import type { EmailDraft } from '@sync/rules/messaging/templates'
import type { InquiryRow } from '@sync/engine/database'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centreDateOf } from '@/lib/time/calendar-date'
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { useInquiries, useInquiryWriter, type NoteField } from '../hooks/use-inquiries'
import { InquiryFacilitators } from './facilitator-picker'
import { InquiryFiles } from './inquiry-files'
import { InquiryParticulars } from './inquiry-particulars'
import {
  answerGroups,
  guardianDetails,
  inquiryEmailDraft,
  lastChangeText,
  personName,
  previousSchoolsText,
  showsPotential,
  storedTab,
  storeTab,
  summarise,
  type InquirySummary,
} from '../logic/inquiry-view'

// The admission steps load when a family's inquiry is opened, their dialogs when one is opened:
// the pane's first load stays within its budget.
const AdmissionSteps = lazy(() =>
  import('./admission-steps').then((m) => ({ default: m.AdmissionSteps })),
)
// The year's figures load when the office asks for them.
const AdmissionFigures = lazy(() => import('./admission-figures'))
const TakeStep = lazy(() => import('./admission-steps').then((m) => ({ default: m.TakeStep })))
const openingSteps = (
  <Text size="sm" c="dimmed">
    Opening the admission steps…
  </Text>
)

const today = () => centreDateOf(new Date())

/** What a search that finds nothing in the chosen list says, and where else it found some. */
const nothingMatches = (search: string, tab: PipelineTab, everywhere: number) =>
  tab === 'all' || everywhere === 0
    ? `No inquiry matches “${search}”.`
    : `No inquiry in ${tabLabel(tab)} matches “${search}”; ${everywhere} in All (the counts show which lists).`
const storage = () => (typeof window === 'undefined' ? null : window.localStorage)

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: (error as Error)?.message ?? String(error) })

function InquiryCard({ summary, onOpen }: { summary: InquirySummary; onOpen(): void }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="inquiry-card">
      <UnstyledButton
        onClick={onOpen}
        w="100%"
        aria-label={`Open the ${summary.familyName} inquiry`}
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{summary.familyName}</Text>
          <Group gap={6}>
            {summary.potential && (
              <Badge color="orange" variant="light">
                Potential
              </Badge>
            )}
            {summary.kind === 'facilitator' && <Badge variant="light">Facilitator</Badge>}
            <Badge variant="outline">{statusLabel(summary.status)}</Badge>
          </Group>
        </Group>
        {summary.children.length > 0 && <Text size="sm">{summary.children.join(', ')}</Text>}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {summary.contact}
        </Text>
        <Text size="sm" c="dimmed">
          {summary.when ?? `Applied ${summary.submitted}`}
        </Text>
      </UnstyledButton>
    </Paper>
  )
}

const NOTE_LABELS: Record<NoteField, string> = {
  nextSteps: 'Next steps',
  meetingNote: 'Meeting note',
  trialNote: 'Trial note',
}

function NoteEditor({ row, field }: { row: InquiryRow; field: NoteField }) {
  const member = useAuthMember()
  const writer = useInquiryWriter()
  const note = row.data[field]
  const [text, setText] = useState(note?.text ?? '')
  const save = async () => {
    try {
      await writer.saveNote(row.id, field, text, member?.email ?? member?.name ?? '')
      notifications.show({ color: 'green', message: 'Success! Inquiry Note updated' })
    } catch (error) {
      failed(error)
    }
  }
  return (
    <Stack gap={4}>
      <Textarea
        label={NOTE_LABELS[field]}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={5000}
      />
      <Group justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed">
          {note
            ? `Edited ${note.edited.slice(0, 16).replace('T', ' ')} by ${note.editedBy}`
            : 'No note yet'}
        </Text>
        <Button size="xs" variant="light" onClick={() => void save()}>
          Save {NOTE_LABELS[field].toLowerCase()}
        </Button>
      </Group>
    </Stack>
  )
}

/** The e-mail dialog the route gives this pane, begun with a draft (O01). */
export type WriteEmail = (draft: EmailDraft, onDone: () => void) => ReactNode

/** What the family or the applicant answered, question by question. */
function Answers({ row }: { row: InquiryRow }) {
  const groups = answerGroups(row)
  if (groups.length === 0) return null
  return (
    <Stack gap="xs" data-testid="inquiry-answers">
      <Title order={3} size="h5">
        Answers
      </Title>
      {groups.map((group, i) => (
        <Stack key={i} gap={4}>
          <Text size="sm" fw={600}>
            {group.title}
          </Text>
          {group.answers.map((answer, j) => (
            <div key={j}>
              <Text size="sm" c="dimmed">
                {answer.q}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {answer.a}
              </Text>
            </div>
          ))}
        </Stack>
      ))}
    </Stack>
  )
}

function InquiryDetail({
  row,
  onClose,
  writeEmail,
}: {
  row: InquiryRow
  onClose(): void
  writeEmail?: WriteEmail
}) {
  const writer = useInquiryWriter()
  const member = useAuthMember()
  const [writing, setWriting] = useState(false)
  const [taking, setTaking] = useState<StepKind | null>(null)
  // Back from a step, focus returns to its button.
  const [taken, setTaken] = useState<StepKind | null>(null)
  const dialogStatus = (value: InquiryStatus) =>
    (DIALOG_STATUSES as readonly string[]).includes(value) ? value : 'initialInquiry'
  const [status, setStatus] = useState<InquiryStatus>(dialogStatus(row.status))
  const [why, setWhy] = useState('')
  // A step (or another device) moves the inquiry: the select follows, so it cannot move it back.
  const [shownStatus, setShownStatus] = useState(row.status)
  if (shownStatus !== row.status) {
    setShownStatus(row.status)
    setStatus(dialogStatus(row.status))
  }
  const [archiving, setArchiving] = useState(false)
  const family = row.kind === 'family' ? row.data : null
  const lastChange = lastChangeText(row)
  const applicant = row.kind === 'facilitator' ? row.data.applicant : null
  const move = async () => {
    try {
      await writer.setStatus(row.id, status, why)
      setWhy('')
      notifications.show({ color: 'green', message: `Moved to ${statusLabel(status)}` })
    } catch (error) {
      failed(error)
    }
  }
  const tag = async () => {
    try {
      await writer.togglePotential(row.id)
      notifications.show({ color: 'green', message: 'Success! Inquiry tagged' })
    } catch (error) {
      failed(error)
    }
  }
  if (taking && row.kind === 'family')
    return (
      <Suspense fallback={openingSteps}>
        <TakeStep
          row={row}
          kind={taking}
          onDone={() => {
            setTaken(taking)
            setTaking(null)
          }}
        />
      </Suspense>
    )
  if (writing && writeEmail)
    return (
      <Stack gap="sm">
        <Title order={3} size="h4">
          E-mail to the {row.family_name} family
        </Title>
        {writeEmail(inquiryEmailDraft(row), () => setWriting(false))}
      </Stack>
    )
  return (
    <Stack data-testid="inquiry-detail">
      <Group gap="xs">
        <Badge variant="outline">{statusLabel(row.status)}</Badge>
        {showsPotential(row) && (
          <Badge color="orange" variant="light">
            Potential
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          Applied {centreDateOf(row.submitted)}
        </Text>
      </Group>
      {row.data.statusDescription && row.data.statusDescription !== statusLabel(row.status) && (
        <Text
          size="sm"
          data-testid="inquiry-status-description"
          style={{ overflowWrap: 'anywhere' }}
        >
          {row.data.statusDescription}
        </Text>
      )}
      {lastChange && (
        <Text size="sm" c="dimmed" data-testid="inquiry-last-change">
          {lastChange}
        </Text>
      )}
      {family && (
        <>
          <Text size="sm">Marital status: {family.maritalStatus}</Text>
          <Title order={3} size="h5">
            Children
          </Title>
          {family.children.map((c, i) => {
            const schools = previousSchoolsText(c)
            return (
              <div key={i} data-testid="inquiry-child">
                <Text size="sm">
                  {personName(c)} · born {c.dob} · {c.gender} · {c.nationality}
                </Text>
                {schools && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    Previous schools: {schools}
                  </Text>
                )}
              </div>
            )
          })}
          <Title order={3} size="h5">
            Parents and guardians
          </Title>
          {family.guardians.map((g, i) => (
            <div key={i} data-testid="inquiry-guardian">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {personName(g)} · {g.email} · {g.prefix} {g.mobile}
                {g.occupation ? ` · ${g.occupation}` : ''}
              </Text>
              {guardianDetails(g).map((line) => (
                <Text key={line} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </div>
          ))}
        </>
      )}
      {applicant && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {personName(applicant)} · {applicant.email} ·{' '}
          {String(applicant.facilitatingSubjects ?? '')}
        </Text>
      )}
      {row.kind === 'family' && <InquiryParticulars row={row} />}
      <Answers row={row} />
      <InquiryFacilitators row={row} />
      <InquiryFiles
        inquiry={{ id: row.id, familyName: row.family_name }}
        files={row.data.files ?? []}
        uploadedBy={member?.name || member?.email || ''}
      />
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as InquiryStatus)}
          data={DIALOG_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        />
        <TextInput
          label="Why (optional)"
          value={why}
          onChange={(e) => setWhy(e.currentTarget.value)}
          maxLength={2000}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button onClick={() => void move()} disabled={status === row.status}>
          Change status
        </Button>
      </Group>
      <NoteEditor row={row} field="nextSteps" />
      <NoteEditor row={row} field="meetingNote" />
      <NoteEditor row={row} field="trialNote" />
      {row.kind === 'family' && (
        <Suspense fallback={openingSteps}>
          <AdmissionSteps row={row} onTake={setTaking} focus={taken} />
        </Suspense>
      )}
      <Group wrap="wrap">
        {writeEmail && (
          <Button variant="light" onClick={() => setWriting(true)}>
            Write an e-mail
          </Button>
        )}
        {row.status !== 'enrolled' && (
          <Button variant="light" color="orange" onClick={() => void tag()}>
            {row.potential ? 'Remove potential tag' : 'Tag as potential'}
          </Button>
        )}
        <Button variant="subtle" color="red" onClick={() => setArchiving(true)}>
          Archive
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      <ConfirmDialog
        opened={archiving}
        title="Archive this inquiry?"
        message="It leaves every list of the Pre-Admission pane."
        action="Archive"
        color="red"
        onCancel={() => setArchiving(false)}
        onConfirm={async () => {
          try {
            await writer.archive(row.id)
            setArchiving(false)
            onClose()
          } catch (error) {
            failed(error)
          }
        }}
      />
    </Stack>
  )
}

/**
 * The administration dashboard's default pane (core.md §2, H02–H10): the inquiries of each step
 * of the pre-admission pipeline, with counts, in the spec's order; the chosen tab is remembered
 * on this device. Everything is read and written on the device, so triage works offline. An
 * inquiry's family can be written to with the e-mail dialog the route gives (online).
 */
export function PreAdmissionScreen({
  writeEmail,
  editTemplates,
}: {
  writeEmail?: WriteEmail
  /** The centre's e-mail templates, for the office to change the steps' texts (issue 16). */
  editTemplates?: () => ReactNode
} = {}) {
  const rows = useInquiries()
  const [templates, setTemplates] = useState(false)
  const [figures, setFigures] = useState(false)
  const [tab, setTab] = useState<PipelineTab>(() => storedTab(storage()))
  const [openId, setOpenId] = useState<string | null>(null)
  const [search, setSearch] = useState('')
  const found = useMemo(() => (rows ?? []).filter((r) => inquiryMatches(r, search)), [rows, search])
  const counts = useMemo(() => tabCounts(found), [found])
  const list = useMemo(() => {
    const date = today()
    return sortedForTab(found, tab).map((r) => summarise(r as InquiryRow, date))
  }, [found, tab])
  const searching = search.trim() !== ''
  const open = rows?.find((r) => r.id === openId) ?? null
  const choose = (value: string | null) => {
    const next = (PIPELINE_TABS as readonly string[]).includes(value ?? '')
      ? (value as PipelineTab)
      : 'initialInquiry'
    setTab(next)
    storeTab(storage(), next)
  }
  return (
    <Stack gap="md" data-testid="pre-admission">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>Pre-Admission</Title>
        <Group gap="xs">
          <Button
            variant={figures ? 'light' : 'default'}
            size="sm"
            aria-expanded={figures}
            aria-controls="admission-figures"
            onClick={() => setFigures((shown) => !shown)}
          >
            {figures ? 'Hide figures' : 'Figures'}
          </Button>
          {editTemplates && (
            <Button variant="default" size="sm" onClick={() => setTemplates(true)}>
              E-mail templates
            </Button>
          )}
        </Group>
      </Group>
      <div id="admission-figures">
        {figures && rows && (
          <Suspense fallback={<Text c="dimmed">Opening the figures…</Text>}>
            <AdmissionFigures inquiries={rows} />
          </Suspense>
        )}
      </div>
      <TextInput
        type="search"
        label="Search"
        description="Family, child or guardian name, e-mail or phone"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {PIPELINE_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {tabLabel(t)} ({counts[t]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {rows === null ? (
        <Text c="dimmed">Opening the inquiries on this device…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed" role="status" data-testid="no-inquiries">
          {searching
            ? nothingMatches(search.trim(), tab, counts.all)
            : `No inquiries in ${tabLabel(tab)}.`}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`${tabLabel(tab)} inquiries`}>
          {list.map((s) => (
            <div role="listitem" key={s.id}>
              <InquiryCard summary={s} onOpen={() => setOpenId(s.id)} />
            </div>
          ))}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpenId(null)}
        title={open ? `${open.family_name} inquiry` : ''}
        size="lg"
      >
        {open && (
          <InquiryDetail
            key={open.id}
            row={open}
            onClose={() => setOpenId(null)}
            writeEmail={writeEmail}
          />
        )}
      </Modal>
      {editTemplates && (
        <Modal
          opened={templates}
          onClose={() => setTemplates(false)}
          title="E-mail templates"
          size="xl"
        >
          {templates && editTemplates()}
        </Modal>
      )}
    </Stack>
  )
}

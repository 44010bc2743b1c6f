import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Combobox.css'
import { lazy, Suspense, useState } from 'react'
import '@mantine/core/styles/Menu.css'
import '@mantine/core/styles/ScrollArea.css'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks'
import { centreFormat } from '@/lib/time/centre-format'
import {
  canToggleFacilitator,
  emailSendingAction,
  isFacilitatorMember,
  memberState,
  MEMBER_SORTS,
  PAGE_SIZES,
  roleLabel,
  type MemberFilter,
  type MemberSort,
} from '../logic/members'
import {
  deleteMember,
  setEmailSending,
  setFacilitator,
  setMemberStatus,
  setPageSize,
  useMembers,
  useOverview,
  type MemberRow,
} from '../hooks/use-members'
import { MemberCounts } from './member-counts'
import { MemberFilterControl } from './member-filter'
import { SignInHistoryDialog } from './sign-in-history'

// The notifications dialog loads when an admin first opens it.
const MemberNotificationsDialog = lazy(() => import('./member-notifications'))
import { ConfirmDialog } from '@/components/feedback/confirm-dialog'
import { Pager } from '@/components/lists/pager'
import { notifyResult } from '@/components/feedback/notify-result'
import { NARROW_QUERY } from '@/lib/navigation/model'

function SendingOffBadge() {
  return (
    <Badge color="gray" variant="light" ml={4}>
      E-mail sending off
    </Badge>
  )
}

/**
 * The admin's dashboard: the centre's counts (F17) and the member list with filters, sorts,
 * pages of the shared page size (F13-F16), and blocking (F19, F20).
 */
export function MembersScreen({ selfId }: { selfId: string | null }) {
  const [filter, setFilter] = useState<MemberFilter>('all')
  const [sort, setSort] = useState<MemberSort>('name')
  const [offset, setOffset] = useState(0)
  const [confirm, setConfirm] = useState<MemberRow | null>(null)
  const [facilitatorChange, setFacilitatorChange] = useState<MemberRow | null>(null)
  const [history, setHistory] = useState<MemberRow | null>(null)
  const [notifications, setNotifications] = useState<MemberRow | null>(null)
  const [deleting, setDeleting] = useState<MemberRow | null>(null)
  const [sendingChange, setSendingChange] = useState<MemberRow | null>(null)
  const [search, setSearch] = useState('')
  // The list is read from the server: it asks once the admin pauses typing.
  const [searched] = useDebouncedValue(search.trim(), 300)
  const { page, error, reload } = useMembers(filter, sort, offset, searched)
  const counts = useOverview()
  // A phone shows each member as a card: six columns do not fit 360 px.
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const size = page?.pageSize ?? 15
  const rows = page?.rows ?? []
  const refresh = () => (counts.reload(), reload())
  const change = async (member: MemberRow) => {
    const next = member.status === 'blocked' ? 'verified' : 'blocked'
    const result = await setMemberStatus(member.id, next)
    setConfirm(null)
    if (notifyResult(result, 'member status updated')) refresh()
  }
  const removingFacilitator =
    !!facilitatorChange && isFacilitatorMember(facilitatorChange.role, facilitatorChange.extra)
  const toggleFacilitator = async (member: MemberRow) => {
    const result = await setFacilitator(member.id, !isFacilitatorMember(member.role, member.extra))
    setFacilitatorChange(null)
    if (notifyResult(result)) refresh()
  }
  const remove = async (member: MemberRow) => {
    const result = await deleteMember(member.id)
    setDeleting(null)
    if (notifyResult(result)) refresh()
  }
  const toggleSending = async (member: MemberRow) => {
    const result = await setEmailSending(member.id, !member.email_sending)
    setSendingChange(null)
    if (notifyResult(result)) refresh()
  }
  const changeSize = async (value: string | null) => {
    const next = Number(value)
    if (!next || next === size) return
    if (!notifyResult(await setPageSize(next))) return
    setOffset(0)
    reload()
  }
  const actions = (m: MemberRow) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {m.id !== selfId && (
        <Button size="compact-sm" variant="default" onClick={() => setConfirm(m)}>
          {m.status === 'blocked' ? 'Unblock' : 'Block'}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`More for ${m.name || m.email}`}>
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setHistory(m)}>Sign-in history</Menu.Item>
          <Menu.Item onClick={() => setNotifications(m)}>Notifications</Menu.Item>
          {canToggleFacilitator(m.role) && (
            <Menu.Item onClick={() => setFacilitatorChange(m)}>
              {isFacilitatorMember(m.role, m.extra) ? 'Remove as facilitator' : 'Make facilitator'}
            </Menu.Item>
          )}
          {emailSendingAction(m) && (
            <Menu.Item
              disabled={emailSendingAction(m)!.disabled}
              onClick={() => setSendingChange(m)}
            >
              {emailSendingAction(m)!.label}
            </Menu.Item>
          )}
          {m.id !== selfId && (
            <Menu.Item color="red" onClick={() => setDeleting(m)}>
              Delete member
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  )
  const lastActive = (m: MemberRow) =>
    m.last_activity ? centreFormat(m.last_activity, 'd MMM yyyy HH:mm') : 'Never'
  return (
    <Stack>
      <Title order={1} size="h2">
        Members
      </Title>
      <MemberCounts overview={counts.overview} error={counts.error} />
      <TextInput
        type="search"
        label="Search"
        description="Name or e-mail"
        value={search}
        onChange={(e) => (setSearch(e.currentTarget.value), setOffset(0))}
        maw={420}
      />
      <Group justify="space-between" wrap="wrap">
        <MemberFilterControl value={filter} onChange={(v) => (setFilter(v), setOffset(0))} />
        <Select
          label="Sort"
          data={MEMBER_SORTS.map((s) => ({ ...s }))}
          value={sort}
          onChange={(v) => (setSort((v ?? 'name') as MemberSort), setOffset(0))}
          allowDeselect={false}
          w={160}
        />
      </Group>
      {error && <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>}
      {page && rows.length === 0 && (
        <Text c="dimmed" role="status" data-testid="no-members">
          {page.total > 0
            ? 'No members on this page.'
            : searched
              ? `No member matches “${searched}”${filter === 'all' ? '' : ' in this filter'}.`
              : 'No members in this filter.'}
        </Text>
      )}
      {narrow ? (
        <Stack
          component="ul"
          gap="xs"
          aria-label="Members"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {rows.map((m) => (
            <Paper component="li" key={m.id} withBorder p="xs" radius="sm" data-testid="member-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={2} miw={0}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {m.name || m.email}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {m.email}
                  </Text>
                </Stack>
                {actions(m)}
              </Group>
              <Group gap="xs" mt={4}>
                <Text size="sm">{roleLabel(m.role, m.extra)}</Text>
                <Badge color={memberState(m).color} variant="light" data-testid="member-state">
                  {memberState(m).label}
                </Badge>
                {m.email_sending === false && <SendingOffBadge />}
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                Sign-ins: {m.signin_count} · Last active: {lastActive(m)}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sign-ins</Table.Th>
                <Table.Th>Last active</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((m) => (
                <Table.Tr key={m.id} data-testid="member-row">
                  <Table.Td>
                    <Text fw={500}>{m.name || m.email}</Text>
                    <Text size="xs" c="dimmed">
                      {m.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{roleLabel(m.role, m.extra)}</Table.Td>
                  <Table.Td>
                    <Badge color={memberState(m).color} variant="light" data-testid="member-state">
                      {memberState(m).label}
                    </Badge>
                    {m.email_sending === false && <SendingOffBadge />}
                  </Table.Td>
                  <Table.Td>{m.signin_count}</Table.Td>
                  <Table.Td>{lastActive(m)}</Table.Td>
                  <Table.Td>{actions(m)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager
        offset={offset}
        shown={rows.length}
        total={page?.total ?? null}
        size={size}
        onOffset={setOffset}
      >
        <Select
          aria-label="Rows per page in admin lists"
          title="Rows per page in every admin list, for every admin"
          data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }))}
          value={String(size)}
          onChange={(v) => void changeSize(v)}
          allowDeselect={false}
          disabled={!page}
          size="xs"
          w={120}
        />
      </Pager>
      <ConfirmDialog
        opened={!!confirm}
        title={confirm?.status === 'blocked' ? 'Unblock member' : 'Block member'}
        message={
          confirm?.status === 'blocked'
            ? `${confirm?.name || confirm?.email} will be able to sign in again.`
            : `${confirm?.name || confirm?.email} will be signed out on every device and cannot sign in until unblocked.`
        }
        action={confirm?.status === 'blocked' ? 'Unblock' : 'Block'}
        color={confirm?.status === 'blocked' ? 'green' : 'red'}
        onCancel={() => setConfirm(null)}
        onConfirm={() => (confirm ? change(confirm) : undefined)}
      />
      <ConfirmDialog
        opened={!!facilitatorChange}
        title={removingFacilitator ? 'Remove as facilitator' : 'Make facilitator'}
        message={
          removingFacilitator
            ? `${facilitatorChange.name || facilitatorChange.email} loses the facilitator dashboard and timetable. Lessons keep their name.`
            : `${facilitatorChange?.name || facilitatorChange?.email} gets the facilitator dashboard and the timetable the next time they open the app${facilitatorChange?.role === 'guardian' ? ', as a parent facilitator' : ''}.`
        }
        action={removingFacilitator ? 'Remove' : 'Make facilitator'}
        color={removingFacilitator ? 'red' : 'green'}
        onCancel={() => setFacilitatorChange(null)}
        onConfirm={() => (facilitatorChange ? toggleFacilitator(facilitatorChange) : undefined)}
      />
      <ConfirmDialog
        opened={!!deleting}
        title="Delete member"
        message={`Delete ${deleting?.name || deleting?.email}? Their account, member record and sign-in history are deleted for good; they can no longer sign in. This cannot be undone.`}
        action="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
      />
      <ConfirmDialog
        opened={!!sendingChange}
        title={sendingChange?.email_sending ? 'Turn e-mail sending off' : 'Turn e-mail sending on'}
        message={
          sendingChange?.email_sending
            ? `${sendingChange?.name || sendingChange?.email} can no longer send e-mail from the app until it is turned on again.`
            : `${sendingChange?.name || sendingChange?.email} can send e-mail from the app again.`
        }
        action={sendingChange?.email_sending ? 'Turn off' : 'Turn on'}
        color={sendingChange?.email_sending ? 'red' : 'green'}
        onCancel={() => setSendingChange(null)}
        onConfirm={() => (sendingChange ? toggleSending(sendingChange) : undefined)}
      />
      <SignInHistoryDialog
        member={history ? { id: history.id, name: history.name || history.email } : null}
        onClose={() => setHistory(null)}
      />
      {notifications && (
        <Suspense fallback={null}>
          <MemberNotificationsDialog
            member={{ id: notifications.id, name: notifications.name || notifications.email }}
            onClose={() => setNotifications(null)}
          />
        </Suspense>
      )}
    </Stack>
  )
}

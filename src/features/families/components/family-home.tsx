import { useState, type ReactNode } from 'react'
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useSyncView } from '@/db/hooks'
import { lastTimeText } from '@/lib/time/clock'
import { centreDateOf } from '@/lib/time/calendar-date'
import { weekKeyOf } from '@/lib/time/week'
import { WIZARD_STEP_KEY, WIZARD_STEPS } from '@sync/rules/families/profile-form'
import { EXPIRY_WARNING_DAYS } from '../logic/home'
import type { DueAssignment } from '../logic/home-week'
import { useFamilyHome, type FamilyHome as Home } from '../hooks/use-family-home'
import { dateLabel } from './home-dates'
import { HomeWeekView } from './home-week-view'

/** The wizard's step with the family's documents, where an expiring one is replaced. */
const DOCUMENTS_STEP = WIZARD_STEPS.indexOf('Documents')

/**
 * The home of a family, or of a student (`student`: their own week, no family documents): read
 * from this device, so it opens offline and at once on a repeat visit. What asks something of
 * the person comes first (for a parent the documents, what is to pay and the next holidays; for
 * a student what is due this week), then the week one day at a time.
 */
export default function FamilyHome({
  student = false,
  account,
  cards,
  absences,
}: {
  student?: boolean
  /** The family's absences, loaded after Home shows (composed by the route). */
  absences?: ReactNode
  /** Shown last: on a student's page, who is signed in and signing out (composed by the route). */
  account?: ReactNode
  /** Cards of other parts of the app that ask something of the parent, shown with the documents. */
  cards?: ReactNode
}) {
  const today = centreDateOf(new Date())
  const thisWeek = weekKeyOf(today)
  const [weekKey, setWeekKey] = useState(thisWeek)
  const home = useFamilyHome(today, weekKey, !student, thisWeek)
  const sync = useSyncView()
  if (!home) return null
  return (
    <Stack gap="lg" data-testid={student ? 'student-home' : 'parents-home'}>
      <div>
        <Title order={1} size="h2">
          {student ? 'My week' : home.familyName ? `${home.familyName} family` : 'Home'}
        </Title>
        <Text size="sm" c="dimmed" data-testid="last-sync">
          {sync.lastSyncedAt
            ? `Last synced ${lastTimeText(sync.lastSyncedAt)}`
            : 'Not synced yet: what you see is what this device holds.'}
        </Text>
      </div>
      {student ? <DueThisWeek due={home.due} /> : <NeedsYou home={home} cards={cards} />}
      <HomeWeekView
        weeks={home.weeks}
        weekKey={weekKey}
        thisWeek={thisWeek}
        today={today}
        showChildren={!student}
        onWeek={setWeekKey}
      />
      {absences}
      {student ? <Holidays home={home} /> : <Children home={home} />}
      {account}
    </Stack>
  )
}

function NeedsYou({ home, cards }: { home: Home; cards: ReactNode }) {
  return (
    <>
      {home.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No document expires in the next {EXPIRY_WARNING_DAYS} days.
        </Text>
      ) : (
        <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="home-documents">
          <Title order={2} size="h4" id="home-documents" mb="xs">
            Documents that expire soon
          </Title>
          <List size="sm" spacing={2}>
            {home.documents.map((doc) => (
              <List.Item key={`${doc.person}-${doc.document}-${doc.expiryDate}`}>
                <Text span inherit fw={500}>
                  {doc.person}: {doc.document}
                </Text>{' '}
                {doc.expired ? (
                  <Text span inherit c="red.8" fw={600}>
                    expired on {dateLabel(doc.expiryDate)}
                  </Text>
                ) : (
                  <Text span inherit>
                    expires on {dateLabel(doc.expiryDate)} (in {doc.daysLeft} days)
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
          <Anchor
            component={Link}
            to="/parents/dash"
            search={{ pane: 'profile' } as never}
            size="sm"
            mt="xs"
            display="inline-block"
            onClick={() => localStorage.setItem(WIZARD_STEP_KEY, String(DOCUMENTS_STEP))}
          >
            Upload a new document
          </Anchor>
        </Paper>
      )}
      {cards}
      <Holidays home={home} />
    </>
  )
}

function Holidays({ home }: { home: Home }) {
  return (
    <section aria-labelledby="home-holidays">
      <Title order={2} size="h4" id="home-holidays" mb="xs">
        Next holidays
      </Title>
      {home.holidays.length === 0 ? (
        <Text size="sm">No holiday is planned yet.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {home.holidays.map((h) => (
            <List.Item key={`${h.startDate}-${h.description}`}>
              <Text span inherit fw={500}>
                {h.description}
              </Text>
              : {dateLabel(h.startDate)}
              {!h.singleDay && h.endDate !== h.startDate && ` – ${dateLabel(h.endDate)}`}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  )
}

function DueThisWeek({ due }: { due: DueAssignment[] }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="home-due">
      <Title order={2} size="h4" id="home-due" mb="xs">
        Due this week
      </Title>
      {due.length === 0 ? (
        <Text size="sm">Nothing is due this week.</Text>
      ) : (
        <Stack gap="xs" data-testid="due-this-week">
          {due.map((a) => (
            <div key={a.id} data-testid="due-assignment">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600} size="sm">
                  {a.title}
                </Text>
                <Badge variant="filled" color="orange.9" style={{ flexShrink: 0 }}>
                  Due {dateLabel(a.dueDate)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {a.subject}
                {a.topic ? ` · ${a.topic}` : ''} · lesson of {a.lessonDay} {dateLabel(a.lessonDate)}
              </Text>
              {a.detail && <Text size="sm">{a.detail}</Text>}
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  )
}

function Children({ home }: { home: Home }) {
  return (
    <section aria-labelledby="home-children">
      <Title order={2} size="h4" id="home-children" mb="xs">
        Children
      </Title>
      {home.children.length === 0 ? (
        <Text size="sm">No child of your family is enrolled.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {home.children.map((child) => (
            <Paper key={child.id} withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{child.name}</Text>
                {child.onTrial && <Badge variant="light">Trial</Badge>}
              </Group>
              <Text size="sm">
                Group: {child.groupName}
                {child.age !== null && ` · ${child.age} years`}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </section>
  )
}

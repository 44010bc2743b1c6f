import type { ReactNode } from 'react'
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useSyncView } from '@/db/hooks'
import { lastTimeText } from '@/lib/time/clock'
import { centreDateOf } from '@/lib/time/calendar-date'
import { schoolDaysOf, weekKeyOf } from '@/lib/time/week'
import { EXPIRY_WARNING_DAYS } from '../logic/home'
import { useFamilyHome, type GroupWeekView } from '../hooks/use-family-home'

// Not sync/rules/text.ts's dates: shared by many screens, that module is a chunk of its own, and
// a parent's first load (this screen) has no room for it under its 260 KiB (docs/decisions.md).
const dateLabel = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
}

/** "23 Nov – 27 Nov", without a date library (this screen is on a parent's first load). */
const weekLabel = (weekKey: string) => {
  const days = schoolDaysOf(weekKey)
  return `${dateLabel(days[0]!.date)} – ${dateLabel(days[4]!.date)}`
}

function WeekOfGroup({ week, showChildren }: { week: GroupWeekView; showChildren: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={`${week.groupName} this week`}
    >
      <Title order={3} size="h5" mb="xs">
        {week.groupName}
        {showChildren && week.children.length > 0 && (
          <Text span c="dimmed" fw={400} size="sm">
            {' '}
            ({week.children.join(', ')})
          </Text>
        )}
      </Title>
      {!week.known && (
        <Text size="sm" c="dimmed">
          This group&apos;s timetable has not reached this device yet.
        </Text>
      )}
      <Stack gap="xs">
        {week.days.map((day) => (
          <div key={day.date}>
            <Text fw={600} size="sm">
              {day.name} {dateLabel(day.date)}
            </Text>
            {day.holiday ? (
              <Text size="sm" c="dimmed">
                Holiday: {day.holiday}
              </Text>
            ) : day.lessons.length === 0 ? (
              <Text size="sm" c="dimmed">
                No lessons
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {day.lessons.map((lesson) => (
                  <List.Item key={lesson.id}>
                    {lesson.timing && (
                      <Text span inherit>
                        {lesson.timing}{' '}
                      </Text>
                    )}
                    <Text span inherit fw={500}>
                      {lesson.subject}
                    </Text>
                    {lesson.topic && (
                      <Text span inherit>
                        {' '}
                        · {lesson.topic}
                      </Text>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        ))}
      </Stack>
      {week.work.length > 0 && (
        <Stack gap={4} mt="sm" data-testid="week-work">
          <Text fw={600} size="sm">
            Assignments and resources
          </Text>
          <List size="sm" spacing={4}>
            {week.work.map((work) => (
              <List.Item key={work.id}>
                <Badge size="xs" variant="light" mr={6}>
                  {work.kind === 'assignment' ? 'Assignment' : 'Resource'}
                </Badge>
                {work.link ? (
                  <Anchor href={work.link} target="_blank" rel="noopener noreferrer" inherit>
                    {work.title}
                  </Anchor>
                ) : (
                  <Text span inherit fw={500}>
                    {work.title}
                  </Text>
                )}
                {work.when && (
                  <Text span inherit c="dimmed">
                    {' '}
                    · {work.when}
                  </Text>
                )}
                {work.detail && (
                  <Text size="sm" c="dimmed">
                    {work.detail}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Paper>
  )
}

/**
 * The home of a family, or of a student (`student`: their own week, no family documents): read
 * from this device, so it opens offline and at once on a repeat visit.
 */
export function FamilyHome({
  student = false,
  account,
  absences,
}: {
  student?: boolean
  /** The family's absences, loaded after Home shows (composed by the route). */
  absences?: ReactNode
  /** Shown last: on a student's page, who is signed in and signing out (composed by the route). */
  account?: ReactNode
}) {
  const today = centreDateOf(new Date())
  const weekKey = weekKeyOf(today)
  const home = useFamilyHome(today, weekKey, !student)
  const sync = useSyncView()
  const member = useAuthMember()
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
        {member?.isParentFacilitator && (
          <Anchor component={Link} to="/facilitators/dash" size="sm">
            Facilitator dashboard
          </Anchor>
        )}
      </div>

      {!student && (
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
      )}

      <section aria-labelledby="home-week">
        <Title order={2} size="h4" id="home-week" mb="xs">
          This week ({weekLabel(weekKey)})
        </Title>
        {home.weeks.length === 0 ? (
          <Text size="sm">No group to show.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: Math.min(home.weeks.length, 2) }} spacing="sm">
            {home.weeks.map((week) => (
              <WeekOfGroup key={week.groupId} week={week} showChildren={!student} />
            ))}
          </SimpleGrid>
        )}
      </section>

      {absences}
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

      {!student && (
        <section aria-labelledby="home-documents">
          <Title order={2} size="h4" id="home-documents" mb="xs">
            Documents that expire soon
          </Title>
          {home.documents.length === 0 ? (
            <Text size="sm">No document expires in the next {EXPIRY_WARNING_DAYS} days.</Text>
          ) : (
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
          )}
        </section>
      )}
      {account}
    </Stack>
  )
}

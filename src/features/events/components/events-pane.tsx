import { useState } from 'react'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import {
  useFieldTrips,
  useFieldTripWriter,
  useGroupNames,
  useTripChoices,
} from '../hooks/use-field-trips'
import { tripDates, tripFee, tripsInOrder, type FieldTripRow } from '../logic/field-trips'
import { FieldTripDialog } from './field-trip-dialog'

/**
 * The Events list (N13–N16), on the office's and the facilitators' dashboards: every field trip,
 * the latest start date first, with its status, what it costs, who goes, and the trip's
 * itinerary and packing list. A trip is archived here; its families no longer see it.
 */
export function EventsPane() {
  const trips = useFieldTrips()
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md" data-testid="events-pane">
      <Group justify="space-between">
        <Title order={1}>Events</Title>
        <Button onClick={() => setCreating(true)}>New field trip</Button>
      </Group>
      {trips && trips.length === 0 && <Text c="dimmed">No field trips yet.</Text>}
      {trips && tripsInOrder(trips).map((t) => <TripCard key={t.id} trip={t} />)}
      <FieldTripDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}

export default EventsPane

function TripCard({ trip }: { trip: FieldTripRow }) {
  const writer = useFieldTripWriter()
  const groupNames = useGroupNames()
  const { facilitators } = useTripChoices()
  const going = trip.data.facilitatorIds
    .map((id) => facilitators.find((f) => f.id === id)?.name)
    .filter((n): n is string => n !== undefined)
  const d = trip.data
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={d.title}
      data-testid="trip"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {d.title}
          </Title>
          <Badge color={trip.status === 'archived' ? 'gray' : 'blue'} variant="light">
            {trip.status === 'archived' ? 'Archived' : 'Pending'}
          </Badge>
        </Group>
        <Text size="sm">
          {tripDates(trip)} · {d.academicYear} · Fee {tripFee(d.fee)} per student
        </Text>
        <Text size="sm">
          Groups: {trip.group_ids.map((g) => groupNames[g] ?? g).join(', ')} · {d.studentIds.length}{' '}
          {d.studentIds.length === 1 ? 'student' : 'students'}
        </Text>
        {d.description && <Text size="sm">{d.description}</Text>}
        {d.itinerary && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            <b>Itinerary:</b> {d.itinerary}
          </Text>
        )}
        {d.packingList && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            <b>Packing list:</b> {d.packingList}
          </Text>
        )}
        {(going.length > 0 || d.parents.length > 0) && (
          <Text size="sm">With {[...going, ...d.parents].join(', ')}</Text>
        )}
        {trip.status !== 'archived' && (
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => void writer.archive(trip.id)}>
              Archive
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}

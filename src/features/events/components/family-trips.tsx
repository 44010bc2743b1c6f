import { Card, Stack, Text, Title } from '@mantine/core'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFieldTrips, useTripStudents } from '../hooks/use-field-trips'
import { familyTripFee, tripDates, tripFee, upcomingTrips } from '../logic/field-trips'

/**
 * Home's coming field trips (N15): the trips of the children's groups that are not archived and
 * not over, soonest first, each with what it costs the family (the fee for each child who goes).
 * The server sends a guardian no other trip; an archived one leaves the device.
 */
export default function FamilyTrips() {
  const trips = useFieldTrips()
  const children = useTripStudents()
  if (!trips) return null
  const today = centreDateOf(new Date())
  const groups = children.flatMap((c) => (c.group_id ? [c.group_id] : []))
  const coming = upcomingTrips(trips, today, groups)
  if (coming.length === 0) return null
  return (
    <section aria-labelledby="home-trips">
      <Title order={2} size="h4" id="home-trips" mb="xs">
        Field trips
      </Title>
      <Stack gap="xs">
        {coming.map((t) => {
          const cost = familyTripFee(t, children)
          return (
            <Card key={t.id} withBorder p="sm" data-testid="family-trip">
              <Text fw={700}>{t.data.title}</Text>
              <Text size="sm">{tripDates(t)}</Text>
              {t.data.description && <Text size="sm">{t.data.description}</Text>}
              {t.data.itinerary && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  <b>Itinerary:</b> {t.data.itinerary}
                </Text>
              )}
              {t.data.packingList && (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  <b>Packing list:</b> {t.data.packingList}
                </Text>
              )}
              <Text size="sm" fw={600} data-testid="trip-fee">
                Fee: {tripFee(t.data.fee)}
                {t.data.fee > 0 && cost.going.length > 0
                  ? ` per child · ${tripFee(cost.total)} for ${cost.going.map((c) => c.name).join(', ')}`
                  : ''}
              </Text>
            </Card>
          )
        })}
      </Stack>
    </section>
  )
}

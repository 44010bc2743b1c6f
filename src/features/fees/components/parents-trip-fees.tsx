import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { rupees } from '@sync/rules/text'
import { daySpanText } from '@/lib/time/centre-format'
import { TRIP_FEE_STANDING_TEXT, type TripFeeLine } from '../logic/trip-fees'

/**
 * A family's trip fees in their Payments pane: what each child owes for each trip, or paid; a fee
 * still due can be reported as paid ("I have paid"), as a monthly or term fee can.
 */
export function FamilyTripFees({
  lines,
  onReport,
}: {
  lines: readonly TripFeeLine[]
  onReport(line: TripFeeLine): void
}) {
  if (lines.length === 0) return null
  return (
    <section aria-labelledby="family-trip-fees" data-testid="family-trip-fees">
      <Title order={2} size="h4" id="family-trip-fees" mb={6}>
        Field trips
      </Title>
      <Stack gap={6} role="list" aria-labelledby="family-trip-fees">
        {lines.map((l) => (
          <Paper
            withBorder
            radius="sm"
            p="xs"
            role="listitem"
            key={l.key}
            data-testid="family-trip-fee"
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>Field Trip: {l.title}</Text>
                <Text size="sm">
                  {l.studentName} · {daySpanText(l.startDate, l.endDate)} · {rupees(l.fee)}
                </Text>
                {l.receipts.length > 0 && (
                  <Text size="sm" c="dimmed">
                    Receipt {l.receipts.join(', ')}
                  </Text>
                )}
              </div>
              <Group gap="xs">
                <Badge
                  variant="filled"
                  color={
                    l.standing === 'paid' ? 'teal.9' : l.standing === 'due' ? 'orange.9' : 'gray.7'
                  }
                >
                  {l.standing === 'due'
                    ? `${rupees(l.due)} due`
                    : TRIP_FEE_STANDING_TEXT[l.standing]}
                </Badge>
                {l.standing === 'due' && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onReport(l)}
                    aria-label={`I have paid: ${l.title}, ${l.studentName}`}
                  >
                    I have paid
                  </Button>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt={4}>
        Trip fees are paid apart from the monthly or term fees: at the centre, or by UPI or bank
        transfer and then reported here.
      </Text>
    </section>
  )
}

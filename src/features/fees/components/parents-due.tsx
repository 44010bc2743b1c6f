import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { rupees } from '@sync/rules/text'
import type { ChildDue, DueView } from '../logic/parents-due'

function Amount({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {rupees(value)}
      </Text>
    </Group>
  )
}

/** A child's fee for the current period: the four values the office sees too (J05). */
function ChildDueCard({ child }: { child: ChildDue }) {
  const paid = child.standing === 'paid'
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={`${child.name}: ${child.period.label}`}
      data-testid="child-due"
    >
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600}>{child.name}</Text>
        {child.standing === 'notPaying' ? (
          <Badge variant="filled" color="gray.7">
            No fee
          </Badge>
        ) : paid ? (
          <Badge variant="filled" color="teal.9">
            Paid
          </Badge>
        ) : (
          <Badge variant="filled" color="orange.9">
            Due
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb={4}>
        {child.feeType} · {child.period.label}
      </Text>
      {child.standing === 'notPaying' ? (
        <Text size="sm">No fee is set for {child.name}.</Text>
      ) : (
        <Stack gap={2}>
          <Amount label="Monthly fee" value={child.feeTariffAmount} />
          <Amount label={`Fee for ${child.period.label}`} value={child.totalFee} />
          <Amount label="Paid" value={child.totalFeePaid} />
          <Amount label="Due" value={child.totalFeePending} strong />
          {child.reported > 0 && (
            <Text size="sm" fw={500}>
              {rupees(child.reported)} reported, waiting for the centre to confirm
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  )
}

/** "Due now": each child's fee for the period containing today, and the family's total. */
export function DueNow({ due, asOf }: { due: DueView; asOf: string | null }) {
  return (
    <section aria-labelledby="payments-due">
      <Title order={2} size="h4" id="payments-due" mb={4}>
        Due now
      </Title>
      {asOf && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="fees-as-of">
          Fees as of {asOf}, saved on this device.
        </Text>
      )}
      {due.children.length === 0 ? (
        <Text size="sm">No child of your family is enrolled.</Text>
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {due.children.map((child) => (
              <ChildDueCard key={child.studentId} child={child} />
            ))}
          </SimpleGrid>
          {!due.anyFee ? null : due.total === 0 ? (
            <Text fw={600} data-testid="due-total">
              Nothing due for {due.periodLabel}
            </Text>
          ) : (
            <Text fw={700} size="lg" data-testid="due-total">
              Total due: {rupees(due.total)}
            </Text>
          )}
        </Stack>
      )}
    </section>
  )
}

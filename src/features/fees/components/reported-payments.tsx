import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { PaymentRow } from '@sync/engine/database'
import { rupees } from '@sync/rules/text'

/** What a family reported, in a line. */
export function reportSummary(p: PaymentRow): string {
  const what =
    p.kind === 'fee'
      ? `${p.data.studentName ?? 'A student'}: ${p.data.paymentType ?? 'Fee'}${p.data.period ? `, ${p.data.period.label}` : p.data.trip ? `, ${p.data.trip.title}` : ''}`
      : `${p.data.contributionType ?? ''} contribution`.trim()
  return `${p.data.familyName} family · ${what} · ${rupees(p.data.amount)} on ${p.data.paymentDate}`
}

/** Payments families reported (by UPI or a transfer), waiting for the office to confirm them. */
export function ReportedPayments({
  reports,
  onConfirm,
  onSetAside,
}: {
  reports: readonly PaymentRow[]
  onConfirm(report: PaymentRow): void
  onSetAside(report: PaymentRow): void
}) {
  if (reports.length === 0) return null
  return (
    <section aria-labelledby="reported-payments" data-testid="reported-payments">
      <Title order={2} size="h4" id="reported-payments" mb={6}>
        Reported by families ({reports.length})
      </Title>
      <Stack gap={6} role="list" aria-labelledby="reported-payments">
        {reports.map((p) => (
          <Paper
            withBorder
            radius="sm"
            p="xs"
            role="listitem"
            key={p.id}
            data-testid="reported-payment"
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>{reportSummary(p)}</Text>
                <Text size="sm" c="dimmed">
                  {p.data.paymentOption} · from {p.data.receivedFrom}
                  {p.data.reference ? ` · reference ${p.data.reference}` : ''}
                </Text>
              </div>
              <Group gap={6}>
                <Button size="xs" onClick={() => onConfirm(p)}>
                  Confirm
                </Button>
                <Button size="xs" variant="default" color="red" onClick={() => onSetAside(p)}>
                  Set aside
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </section>
  )
}

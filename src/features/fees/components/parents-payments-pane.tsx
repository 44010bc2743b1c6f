import { useMemo, useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { FamilyRow, PaymentRow } from '@sync/engine/database'
import { isVpa, upiNote } from '@sync/rules/fees/upi'
import { shortDate } from '@sync/rules/text'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centre } from '@/lib/centre'
import { centreDateOf } from '@/lib/time/calendar-date'
import {
  useFamilyFees,
  useFamilyPayments,
  useReportPayments,
  useTripFeeSources,
} from '../hooks/use-family-payments'
import { dueView } from '../logic/parents-due'
import { paidItems } from '../logic/parents-history'
import type { ReportContext } from '../logic/parents-report'
import { DueNow } from './parents-due'
import { PaidList } from './parents-paid-list'
import { ReportDialog, TripReportDialog } from './parents-report-dialog'
import { PayByUpi } from './parents-upi'
import { tripFeeLines, type TripFeeLine } from '../logic/trip-fees'
import { FamilyTripFees } from './parents-trip-fees'

/**
 * The parents' Payments pane (J32): what the family owes now, paying it by UPI and telling the
 * centre, and the family's payments with their receipts. Read from the device, so it opens
 * offline; the fees come from the server and are kept for that.
 */
export default function ParentsPaymentsPane() {
  const member = useAuthMember()
  const data = useFamilyPayments(member?.familyToken ?? null)
  if (!data) return null
  const familyName = data.family?.name ?? ''
  return (
    <Stack gap="lg" data-testid="parents-payments">
      <div>
        <Title order={1} size="h2">
          Payments
        </Title>
        {familyName && (
          <Text size="sm" c="dimmed">
            {familyName} family
          </Text>
        )}
      </div>
      {data.family ? (
        <FamilyPaymentsView
          key={data.family.id}
          family={data.family}
          payments={data.payments}
          guardianName={member?.name.trim() ?? ''}
        />
      ) : (
        <Text size="sm">Your family&apos;s record has not reached this device yet.</Text>
      )}
    </Stack>
  )
}

function FamilyPaymentsView({
  family,
  payments,
  guardianName,
}: {
  family: FamilyRow
  payments: PaymentRow[]
  guardianName: string
}) {
  const today = centreDateOf(new Date())
  const fees = useFamilyFees(family.id)
  const report = useReportPayments()
  const tripSources = useTripFeeSources()
  const tripFees = useMemo(
    () =>
      tripFeeLines(
        tripSources.trips,
        tripSources.students.filter((s) => s.family_id === family.id),
        payments,
      ),
    [tripSources, payments, family.id],
  )
  const [reporting, setReporting] = useState(false)
  const [reportingTrip, setReportingTrip] = useState<TripFeeLine | null>(null)
  const due = useMemo(
    () => (fees.fees ? dueView(fees.fees, payments, today) : null),
    [fees.fees, payments, today],
  )
  const items = useMemo(() => {
    const names = new Map((fees.fees ?? []).map((f) => [f.studentId, f.name]))
    return paidItems(payments, names)
  }, [payments, fees.fees])
  const familyName = family.name || 'Family'
  const vpa = centre.upiVpa
  const reporter = {
    familyId: family.id,
    familyName,
    guardianName: guardianName || `${familyName} family`,
    today,
  }
  const context: ReportContext | null = due ? { ...reporter, due } : null

  return (
    <>
      {due ? (
        <DueNow
          due={due}
          asOf={
            fees.cachedAt && !fees.loading ? shortDate(centreDateOf(new Date(fees.cachedAt))) : null
          }
        />
      ) : fees.loading ? (
        <Text size="sm" c="dimmed">
          Asking the centre what is due…
        </Text>
      ) : (
        <Alert color="yellow" title="What is due is not known yet">
          {fees.problem ?? 'The centre did not answer.'} Open this page once while online to see
          your fees here, also offline.
        </Alert>
      )}

      {due && context && due.children.length > 0 && (
        <Stack gap="sm">
          {due.toPay > 0 && isVpa(vpa) && (
            <PayByUpi
              vpa={vpa}
              payee={centre.name}
              amount={due.toPay}
              note={upiNote(`${familyName} family`, due.periodLabel)}
            />
          )}
          {due.total > 0 && due.toPay === 0 && (
            <Text size="sm">Your payment is waiting for the centre to confirm it.</Text>
          )}
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" gap="sm">
              <Text size="sm" style={{ flex: '1 1 14rem' }}>
                Paid by UPI or bank transfer? Tell the centre, with the transaction reference, so
                they can confirm it.
              </Text>
              <Button variant="filled" onClick={() => setReporting(true)}>
                I have paid
              </Button>
            </Group>
          </Paper>
          <ReportDialog
            opened={reporting}
            context={context}
            onReport={report}
            onClose={() => setReporting(false)}
          />
        </Stack>
      )}

      <FamilyTripFees lines={tripFees} onReport={setReportingTrip} />
      <TripReportDialog
        line={reportingTrip}
        context={reporter}
        onReport={report}
        onClose={() => setReportingTrip(null)}
      />

      <PaidList items={items} />
    </>
  )
}

import { useMemo, useState } from 'react'
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { PaymentRow } from '@sync/engine/database'
import { paymentsOverview, type StudentFees } from '@sync/rules/fees/overview'
import { OPEN_FEE_WINDOW } from '@sync/rules/fees/rules'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFeesData } from '../hooks/use-fees-data'
import { useTripFeeSources } from '../hooks/use-family-payments'
import { useRecordPayment } from '../hooks/use-record-payment'
import { feeFamilyOf, feeStudentsOf, type FeeFamily, type FeeStudent } from '../logic/office-fees'
import { ContributionDialog } from './contribution-dialog'
import { FeeDialog } from './fee-dialog'
import { OverviewSummary } from './overview-summary'
import { PaymentCharts } from './payment-charts'
import { PaymentListDialog } from './payment-list-dialog'
import { ReportedPayments, reportSummary } from './reported-payments'
import { SetAsideDialog } from './set-aside-dialog'
import { StudentFeeList } from './student-fee-list'
import { tripFeeLines, type TripFeeLine } from '../logic/trip-fees'
import { OfficeTripFees, TripFeeDialog } from './trip-fees'

type Dialog =
  | { kind: 'fee'; student: FeeStudent; report?: PaymentRow }
  | { kind: 'contribution'; familyId: string; report?: PaymentRow }
  | { kind: 'list'; student: FeeStudent }
  | { kind: 'setAside'; report: PaymentRow }
  | { kind: 'trip'; line: TripFeeLine; report?: PaymentRow }
  | null

const LISTS = [
  { standing: 'pending', title: 'Pending', empty: 'No fee is pending for this period.' },
  { standing: 'paid', title: 'Paid', empty: 'No student has paid for this period yet.' },
  { standing: 'notPaying', title: 'Not paying', empty: 'Every student has a fee.' },
] as const

/** Administration's Payments pane (J05, J12, J29): this period's fees, and the families' reports. */
export function PaymentsPane() {
  const data = useFeesData()
  const { trips } = useTripFeeSources()
  const save = useRecordPayment()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [search, setSearch] = useState('')
  const today = centreDateOf(new Date())
  const view = useMemo(() => {
    if (!data) return null
    const students = feeStudentsOf(data.students, data.families, data.groups, data.tariffAmounts)
    const families = data.families
      .filter((f) => f.status !== 'archived')
      .map(feeFamilyOf)
      .sort((a, b) => a.name.localeCompare(b.name))
    return {
      students,
      byId: new Map(students.map((s) => [s.id, s])),
      families,
      familyById: new Map(data.families.map((f) => [f.id, feeFamilyOf(f)])),
      overview: paymentsOverview(students, data.payments, today),
      reports: data.payments
        .filter((p) => p.status === 'reported')
        .sort((a, b) => a.data.paymentDate.localeCompare(b.data.paymentDate)),
      tripFees: tripFeeLines(trips, data.students, data.payments),
    }
  }, [data, trips, today])
  if (!data || !view)
    return (
      <Stack gap="md" data-testid="payments-pane">
        <Title order={1}>Payments</Title>
        <Text c="dimmed">Opening the payments on this device…</Text>
      </Stack>
    )
  const words = search.trim().toLowerCase()
  const shown = (list: readonly StudentFees[]) =>
    list.filter((f) => {
      const s = view.byId.get(f.studentId)
      return !words || `${s?.name}\n${s?.familyName}\n${s?.groupName}`.toLowerCase().includes(words)
    })
  const close = () => setDialog(null)
  const familyOf = (id: string): FeeFamily =>
    view.familyById.get(id) ?? { id, name: '', guardianNames: [], emails: [] }
  const confirm = (report: PaymentRow) => {
    const tripLine = view.tripFees.find(
      (l) => l.tripId === report.data.trip?.id && l.studentId === report.student_id,
    )
    if (report.data.trip) {
      if (tripLine) setDialog({ kind: 'trip', line: tripLine, report })
      else
        notifications.show({
          color: 'red',
          message:
            'This field trip is not on this device, or it is archived: set the report aside.',
        })
      return
    }
    if (report.kind === 'contribution' || !report.student_id) {
      setDialog({ kind: 'contribution', familyId: report.family_id, report })
      return
    }
    // A student whose enrolment has ended since is still the one the report pays for.
    const student = view.byId.get(report.student_id) ?? {
      id: report.student_id,
      name: report.data.studentName ?? '',
      familyId: report.family_id,
      familyName: report.data.familyName,
      groupName: '',
      monthlyFee: report.data.studentsFee ?? 0,
      feeWindow: OPEN_FEE_WINDOW,
    }
    setDialog({ kind: 'fee', student, report })
  }
  return (
    <Stack gap="lg" data-testid="payments-pane">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1}>Payments</Title>
        <Button variant="light" onClick={() => setDialog({ kind: 'contribution', familyId: '' })}>
          Record contribution
        </Button>
      </Group>
      <OverviewSummary overview={view.overview} />
      <PaymentCharts
        students={view.students}
        byId={view.byId}
        payments={data.payments}
        pending={view.overview.pending}
        today={today}
        feeYear={view.overview.current.year}
      />
      <ReportedPayments
        reports={view.reports}
        onConfirm={confirm}
        onSetAside={(report) => setDialog({ kind: 'setAside', report })}
      />
      <OfficeTripFees
        lines={view.tripFees}
        onRecord={(line) =>
          // A fee the family reported opens as that report, to be confirmed.
          setDialog({
            kind: 'trip',
            line,
            report: view.reports.find(
              (r) => r.data.trip?.id === line.tripId && r.student_id === line.studentId,
            ),
          })
        }
      />
      <TextInput
        label="Search"
        placeholder="Student, family or group"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {LISTS.map((list) => (
        <StudentFeeList
          key={list.standing}
          id={`fees-${list.standing}`}
          title={list.title}
          empty={words ? 'No student matches this search.' : list.empty}
          fees={shown(view.overview[list.standing])}
          students={view.byId}
          onRecord={(student) => setDialog({ kind: 'fee', student })}
          onList={(student) => setDialog({ kind: 'list', student })}
        />
      ))}
      {dialog?.kind === 'fee' && (
        <FeeDialog
          opened
          student={dialog.student}
          family={familyOf(dialog.student.familyId)}
          payments={data.payments}
          today={today}
          report={dialog.report}
          onClose={close}
          onSave={async (values) => {
            await save.fee({
              values,
              student: dialog.student,
              family: familyOf(dialog.student.familyId),
              payments: data.payments,
              report: dialog.report,
            })
            close()
          }}
        />
      )}
      {dialog?.kind === 'trip' && (
        <TripFeeDialog
          opened
          line={dialog.line}
          family={familyOf(dialog.line.familyId)}
          today={today}
          report={dialog.report}
          onClose={close}
          onSave={async (values) => {
            await save.trip({
              values,
              line: dialog.line,
              family: familyOf(dialog.line.familyId),
              report: dialog.report,
            })
            close()
          }}
        />
      )}
      {dialog?.kind === 'contribution' && (
        <ContributionDialog
          opened
          families={view.families}
          familyId={dialog.familyId}
          payments={data.payments}
          today={today}
          report={dialog.report}
          onClose={close}
          onSave={async (values, family) => {
            await save.contribution({ values, family, report: dialog.report })
            close()
          }}
        />
      )}
      <PaymentListDialog
        student={dialog?.kind === 'list' ? dialog.student : null}
        payments={data.payments}
        onClose={close}
        onRecordContribution={(familyId) => setDialog({ kind: 'contribution', familyId })}
      />
      <SetAsideDialog
        payment={
          dialog?.kind === 'setAside'
            ? { id: dialog.report.id, summary: reportSummary(dialog.report) }
            : null
        }
        onClose={close}
        onSetAside={async (id, note) => {
          await save.setAside(id, note)
          notifications.show({ color: 'green', message: 'Payment set aside' })
          close()
        }}
      />
    </Stack>
  )
}

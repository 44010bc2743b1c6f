import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/SegmentedControl.css'
import { useState } from 'react'
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { useNetwork } from '@mantine/hooks'
import { paymentListOf, type PaymentListEntry } from '../logic/payment-list'
import { ReceiptButton } from './parents-paid-list'
import { DepositActions } from './deposit-actions'
import { ReceiptAgain } from './receipt-again'
import type { FeeStudent } from '../logic/office-fees'

function Entry({ entry, showStudent }: { entry: PaymentListEntry; showStudent: boolean }) {
  const { online } = useNetwork()
  return (
    <Paper withBorder radius="sm" p="xs" role="listitem" data-testid="payment-entry">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>
          {entry.date} · {entry.type}
          {showStudent && entry.studentName ? ` · ${entry.studentName}` : ''}
        </Text>
        <Badge
          variant="light"
          color={
            entry.status === 'Recorded' ? 'green' : entry.status === 'Set aside' ? 'gray' : 'orange'
          }
        >
          {entry.status}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2} mt={4}>
        {entry.period && <Text size="sm">Period: {entry.period}</Text>}
        <Text size="sm">Amount: ₹{entry.amount}</Text>
        <Text size="sm">Paid by: {entry.option}</Text>
        <Text size="sm">Receipt: {entry.receipt}</Text>
      </SimpleGrid>
      {entry.deposit && (
        <DepositActions paymentId={entry.id} text={entry.deposit.text} held={entry.deposit.held} />
      )}
      {entry.note && (
        <Text size="sm" c="dimmed" mt={4}>
          Note: {entry.note}
        </Text>
      )}
      {entry.receiptNumber && (
        <Group mt={6} align="flex-start" gap="xs">
          <ReceiptButton
            item={{ id: entry.id, receiptNumber: entry.receiptNumber }}
            online={online}
          />
          <ReceiptAgain paymentId={entry.id} receiptNumber={entry.receiptNumber} online={online} />
        </Group>
      )}
    </Paper>
  )
}

export interface PaymentListDialogProps {
  student: FeeStudent | null
  payments: readonly PaymentLike[]
  onRecordContribution(familyId: string): void
  onClose(): void
}

/** The payment list dialog (J29): a student's payments, or their whole family's, newest first. */
export function PaymentListDialog({
  student,
  payments,
  onRecordContribution,
  onClose,
}: PaymentListDialogProps) {
  const [whose, setWhose] = useState<'student' | 'family'>('student')
  const entries = student
    ? paymentListOf(
        payments,
        whose === 'student' ? { studentId: student.id } : { familyId: student.familyId },
      )
    : []
  const close = () => {
    setWhose('student')
    onClose()
  }
  return (
    <Modal
      opened={student !== null}
      onClose={close}
      title={student ? `Payments of ${student.name}` : ''}
      size="lg"
    >
      {student && (
        <Stack gap="sm" data-testid="payment-list">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <SegmentedControl
              aria-label="Whose payments"
              value={whose}
              onChange={(value) => setWhose(value === 'family' ? 'family' : 'student')}
              data={[
                { value: 'student', label: student.name },
                { value: 'family', label: `${student.familyName} family` },
              ]}
            />
            <Button
              size="xs"
              variant="light"
              onClick={() => onRecordContribution(student.familyId)}
            >
              Record contribution
            </Button>
          </Group>
          {entries.length === 0 ? (
            <Text c="dimmed">No payments yet.</Text>
          ) : (
            <Stack gap={6} role="list" aria-label="Payments, newest first">
              {entries.map((e) => (
                <Entry key={e.id} entry={e} showStudent={whose === 'family'} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  )
}

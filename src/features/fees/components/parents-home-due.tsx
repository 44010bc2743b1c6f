import { useMemo } from 'react'
import { Anchor, Paper, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { FamilyRow, PaymentRow } from '@sync/engine/database'
import { rupees } from '@sync/rules/text'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFamilyFees, useFamilyPayments } from '../hooks/use-family-payments'
import { dueView } from '../logic/parents-due'

/**
 * On the parents' Home, what the family has to pay now, with the way to the Payments pane;
 * nothing when all is paid or the fees are not known on this device yet.
 */
export default function ParentsHomeDue() {
  const member = useAuthMember()
  const data = useFamilyPayments(member?.familyToken ?? null)
  if (!data?.family) return null
  return <ToPay key={data.family.id} family={data.family} payments={data.payments} />
}

function ToPay({ family, payments }: { family: FamilyRow; payments: PaymentRow[] }) {
  const fees = useFamilyFees(family.id)
  const today = centreDateOf(new Date())
  const due = useMemo(
    () => (fees.fees ? dueView(fees.fees, payments, today) : null),
    [fees.fees, payments, today],
  )
  if (!due || due.toPay <= 0) return null
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="home-to-pay">
      <Title order={2} size="h4" id="home-to-pay" mb="xs">
        To pay
      </Title>
      <Text size="sm" data-testid="home-to-pay">
        {rupees(due.toPay)} for {due.periodLabel}
      </Text>
      <Anchor component={Link} to="/parents/dash" search={{ pane: 'payments' } as never} size="sm">
        Pay or tell the centre you paid
      </Anchor>
    </Paper>
  )
}

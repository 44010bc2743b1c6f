// The contribution dialog (J10, J11): a family's gift to the centre, under one of its plans.
import * as z from 'zod/mini'
import { CONTRIBUTION_TYPES } from '@sync/rules/fees/rules'
import type { PaymentLike } from '@sync/rules/fees/overview'
import {
  amountField,
  paymentDateField,
  paymentOptionField,
  receivedFromField,
  referenceField,
} from './fee-form'

export const contributionFormSchema = z.object({
  familyId: z.string().check(z.minLength(1, 'Choose the family')),
  contributionType: z.enum(CONTRIBUTION_TYPES, { error: 'Choose the contribution type' }),
  amount: amountField,
  paymentDate: paymentDateField,
  receivedFrom: receivedFromField,
  paymentOption: paymentOptionField,
  reference: referenceField,
  sendEmail: z.boolean(),
})
export type ContributionFormValues = z.infer<typeof contributionFormSchema>
/** The form while it is filled in: no amount and no way of payment until they are given. */
export type ContributionFormInput = Omit<ContributionFormValues, 'amount' | 'paymentOption'> & {
  amount: number | ''
  paymentOption: ContributionFormValues['paymentOption'] | ''
}

/**
 * The dialog's first values: the family's usual plan (its last contribution's, else Monthly), no
 * way of payment (the person chooses it), today, the first guardian as the payer, no reference,
 * the e-mail on when it can go.
 */
export function contributionFormDefaults(ctx: {
  familyId: string
  payments: readonly PaymentLike[]
  today: string
  payer: string
  hasEmail: boolean
}): ContributionFormInput {
  const last = ctx.payments
    .filter(
      (p) => p.kind === 'contribution' && p.family_id === ctx.familyId && p.status === 'recorded',
    )
    .sort((a, b) => b.data.paymentDate.localeCompare(a.data.paymentDate))[0]
  const usual = CONTRIBUTION_TYPES.find((t) => t === last?.data.contributionType)
  return {
    familyId: ctx.familyId,
    contributionType: usual ?? 'Monthly',
    amount: '',
    paymentDate: ctx.today,
    receivedFrom: ctx.payer,
    paymentOption: '',
    reference: '',
    sendEmail: ctx.hasEmail,
  }
}

/** A contribution a family reported, to confirm. */
export function contributionFormFromReport(
  report: PaymentLike,
  hasEmail: boolean,
): ContributionFormInput {
  return {
    familyId: report.family_id,
    contributionType:
      CONTRIBUTION_TYPES.find((t) => t === report.data.contributionType) ?? 'Monthly',
    amount: report.data.amount,
    paymentDate: report.data.paymentDate,
    receivedFrom: report.data.receivedFrom,
    paymentOption: report.data.paymentOption,
    reference: report.data.reference ?? '',
    sendEmail: hasEmail,
  }
}

// What a step dialog starts with, from the inquiry, the sender accounts and the reference lists.
import { DEFAULT_MEETING, type StepKind, type TrialForm } from '@sync/rules/admissions/steps'
import { admissionDefaults } from './step-admission'
import { stepChildren } from './step-children'
import { amount, childrenOf, guardiansOf, nameOf, text } from './step-data'
import type { StepFormValues } from './step-form'
import type { GroupOption, TariffOption } from './step-options'
import { defaultCc, defaultSender, type SendersAnswer } from './step-senders'

type Data = Record<string, unknown>

/** The trial dialog for a child: the child's trial so far, if any. */
export function trialDefaults(data: Data, child: number): TrialForm {
  const c = childrenOf(data)[child] ?? {}
  return {
    child,
    groupId: text(c.trialGroupUUID),
    groupName: text(c.trialGroupName),
    start: text(c.trialStart),
    end: text(c.trialEnd),
  }
}

/**
 * The admission payment's dialog for a child: the admission fee and deposit of its admission,
 * today, the first guardian as the payer, and no way of payment (the office chooses it).
 */
export function paymentDefaults(
  data: Data,
  child: number,
  today: string,
): StepFormValues['admissionPayment'] {
  const c = childrenOf(data)[child] ?? {}
  return {
    child,
    admissionFee: amount(c.admissionFee) ?? 0,
    depositFee: amount(c.depositFee) ?? 0,
    paymentDate: today,
    paymentOption: '',
    receivedFrom: nameOf(guardiansOf(data)[0]),
    reference: '',
  }
}

export interface StepDefaultsContext {
  senders: SendersAnswer
  today: string
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
}

/**
 * What a step dialog starts with: the member's own sender, the guardians' addresses, the
 * admissions office in copy, the meeting as arranged so far (or 15:30 to 17:00), and for the
 * other steps the first child that may take them.
 */
export function stepFormDefaults(data: Data, ctx: StepDefaultsContext): StepFormValues {
  const first = (kind: StepKind) => stepChildren(data, kind)[0]?.index ?? -1
  return {
    mail: {
      sender: defaultSender(ctx.senders.senders, ctx.senders.mine),
      to: guardiansOf(data)
        .map((g) => text(g.email).trim())
        .filter(Boolean)
        .join(', '),
      cc: defaultCc(ctx.senders.senders),
    },
    meeting: {
      date: text(data.meetingDate),
      start: text(data.meetingStart) || DEFAULT_MEETING.start,
      end: text(data.meetingEnd) || DEFAULT_MEETING.end,
      contact: text(data.meetingPOC),
    },
    trial: trialDefaults(data, first('trial')),
    admission: admissionDefaults(data, first('admission'), ctx.today, ctx.groups, ctx.tariffs),
    admissionPayment: paymentDefaults(data, first('admissionPayment'), ctx.today),
    enrolment: { child: first('enrolment'), startDate: '' },
  }
}

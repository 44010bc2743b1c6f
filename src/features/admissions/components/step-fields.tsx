import type { UseFormReturnType } from '@mantine/form'
import type { StepKind } from '@sync/rules/admissions/steps'
import type { StepFormValues } from '../logic/step-form'
import type { GroupOption, TariffOption } from '../logic/step-options'
import type { SenderAccount } from '../logic/step-senders'
import { StepCurriculum } from './step-curriculum'
import { AdmissionFields } from './step-admission-fields'
import { EnrolmentFields } from './step-child-fields'
import { MailFields } from './step-mail-fields'
import { MeetingFields } from './step-meeting-fields'
import { PaymentFields } from './step-payment-fields'
import { TrialFields } from './step-trial-fields'

/** A step's own fields (with the trial's curriculum), then its e-mail's. */
export function StepFields({
  form,
  kind,
  data,
  senders,
  groups,
  tariffs,
  today,
}: {
  form: UseFormReturnType<StepFormValues>
  kind: StepKind
  data: Record<string, unknown>
  senders: SenderAccount[]
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
  today: string
}) {
  return (
    <>
      {kind === 'meeting' && <MeetingFields form={form} />}
      {kind === 'trial' && <TrialFields form={form} data={data} groups={groups} />}
      {kind === 'admission' && (
        <AdmissionFields form={form} data={data} groups={groups} tariffs={tariffs} today={today} />
      )}
      {kind === 'admissionPayment' && <PaymentFields form={form} data={data} today={today} />}
      {kind === 'enrolment' && <EnrolmentFields form={form} data={data} />}
      {kind === 'trial' && <StepCurriculum />}
      <MailFields form={form} senders={senders} />
    </>
  )
}

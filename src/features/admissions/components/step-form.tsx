import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { format } from 'date-fns'
import { stepProblem, type StepKind } from '@sync/rules/admissions/steps'
import type { InquiryRow } from '@sync/engine/database'
import { uuidv7 } from '@sync/contract/ids'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centre } from '@/lib/centre'
import { isVpa, upiNote } from '@sync/rules/fees/upi'
import { useBankDetails } from '@/lib/bank-details'
import { useEmailTemplates } from '@/lib/email-templates'
import { useInquiryWriter } from '../hooks/use-inquiries'
import { stepSuccessMessage } from '../logic/step-actions'
import { stepFormDefaults } from '../logic/step-defaults'
import { STEP_FORM_SCHEMAS, type StepFormValues } from '../logic/step-form'
import { composeStepMail, stepChild, type StepMailText } from '../logic/step-mail'
import type { GroupOption, TariffOption } from '../logic/step-options'
import { buildStep } from '../logic/step-record'
import type { SendersAnswer } from '../logic/step-senders'
import { StepFields } from './step-fields'
import { StepReview } from './step-review'

type Data = Record<string, unknown>

export interface StepFormProps {
  row: InquiryRow
  kind: StepKind
  senders: SendersAnswer
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
  onDone(): void
}

/**
 * A step's two stages: its fields with the e-mail's, then the e-mail as it will go out. Send
 * writes the step on the device (no connection needed); the server carries it out once synced.
 */
export function StepForm({ row, kind, senders, groups, tariffs, onDone }: StepFormProps) {
  const data = row.data as Data
  const member = useAuthMember()
  const writer = useInquiryWriter()
  const { templateFor } = useEmailTemplates()
  const { online } = useNetwork()
  const [today] = useState(() => format(new Date(), 'yyyy-MM-dd'))
  const [initialValues] = useState(() =>
    stepFormDefaults(data, { senders, today, groups, tariffs }),
  )
  const validate = useMemo(() => schemaResolver(STEP_FORM_SCHEMAS[kind], { sync: true }), [kind])
  const form = useForm<StepFormValues>({ initialValues, validate })
  const [mail, setMail] = useState<StepMailText | null>(null)
  // How to pay, for the admission e-mail: the centre's UPI address (kept on the device) and its
  // bank account (read online; offline the e-mail gives the UPI way only).
  const bank = useBankDetails()
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const previewHeading = useRef<HTMLHeadingElement>(null)
  const previewButton = useRef<HTMLButtonElement>(null)
  const previewed = useRef(false)
  // Focus follows the stage: the preview's heading, then back to the Preview button on Edit.
  useEffect(() => {
    if (mail) previewHeading.current?.focus()
    else if (previewed.current) previewButton.current?.focus()
    previewed.current = mail !== null
  }, [mail])
  const values = form.getValues()
  const senderOf = (key: string) => senders.senders.find((s) => s.key === key)

  const preview = (v: StepFormValues) => {
    setFailure(null)
    try {
      setMail(
        composeStepMail(
          kind,
          data,
          v,
          {
            centreName: centre.name,
            senderName: senderOf(v.mail.sender)?.display_name ?? '',
            appLink: window.location.origin,
            payment: {
              ways: {
                upi: isVpa(centre.upiVpa)
                  ? {
                      vpa: centre.upiVpa,
                      payee: centre.name,
                      note: upiNote(`${row.family_name} family`, 'admission'),
                    }
                  : null,
                bank: bank.usable,
              },
              reference: `${row.family_name} family admission`,
            },
          },
          templateFor(kind),
        ),
      )
    } catch (error) {
      setFailure((error as Error).message)
    }
  }

  const send = async () => {
    if (!mail) return
    const v = form.getValues()
    const problem = kind === 'meeting' ? null : stepProblem(data, kind, stepChild(kind, v))
    if (problem) {
      setFailure(problem)
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const step = buildStep(kind, row.id, data, v, mail, {
        id: uuidv7(),
        at: new Date().toISOString(),
        by: member?.name || member?.email || '',
        studentId: uuidv7(),
      })
      await writer.takeStep(row.id, step)
      notifications.show({ color: 'green', message: stepSuccessMessage(kind, data) })
      onDone()
    } catch (error) {
      setFailure((error as Error).message)
      setBusy(false)
    }
  }

  const failed = failure && (
    <Alert color="red" role="alert" title="The step was not taken">
      {failure}
    </Alert>
  )
  if (mail)
    return (
      <StepReview
        kind={kind}
        values={values}
        mail={mail}
        sender={senderOf(values.mail.sender)}
        headingRef={previewHeading}
        failed={failed}
        online={online}
        busy={busy}
        onEdit={() => setMail(null)}
        onSend={() => void send()}
      />
    )
  return (
    <form onSubmit={form.onSubmit(preview)} noValidate>
      <Stack gap="sm">
        {failed}
        <StepFields
          form={form}
          kind={kind}
          data={data}
          senders={senders.senders}
          groups={groups}
          tariffs={tariffs}
          today={today}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" ref={previewButton}>
            Preview
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

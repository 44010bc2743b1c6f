import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { format } from 'date-fns'
import { stepProblem, type StepKind } from '@sync/admissions/steps'
import type { InquiryRow } from '@sync/database'
import { uuidv7 } from '@sync/ids'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centre } from '@/lib/centre'
import { useEmailTemplates } from '@/lib/email-templates'
import { useStepGroups, useStepSenders } from '../hooks/use-admission-steps'
import { useInquiryWriter } from '../hooks/use-inquiries'
import {
  addressList,
  buildStep,
  composeStepMail,
  SENDING_OFF,
  STEP_ACTIONS,
  STEP_ATTACHMENTS,
  STEP_FORM_SCHEMAS,
  stepChild,
  stepFormDefaults,
  stepSuccessMessage,
  stepUnavailable,
  type GroupOption,
  type SendersAnswer,
  type StepFormValues,
  type TariffOption,
} from '../logic/step-mail'
import { StepCurriculum } from './step-curriculum'
import {
  AdmissionFields,
  EnrolmentFields,
  MailFields,
  MeetingFields,
  PaymentFields,
  TrialFields,
} from './step-fields'
import { StepPreview } from './step-preview'

type Data = Record<string, unknown>

interface StepFormProps {
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
function StepForm({ row, kind, senders, groups, tariffs, onDone }: StepFormProps) {
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
  const [mail, setMail] = useState<{ subject: string; html: string } | null>(null)
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
      const step = buildStep(kind, data, v, mail, {
        id: uuidv7(),
        at: new Date().toISOString(),
        by: member?.name || member?.email || '',
        newFamilyToken: uuidv7(),
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
      <Stack gap="sm">
        {failed}
        <StepPreview
          headingRef={previewHeading}
          sender={senderOf(values.mail.sender)}
          to={addressList(values.mail.to)}
          cc={addressList(values.mail.cc)}
          subject={mail.subject}
          html={mail.html}
          attachments={STEP_ATTACHMENTS[kind]}
        />
        {!online && (
          <Text size="sm" c="dimmed">
            You are offline: the step is kept on this device and the e-mail goes once it syncs.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setMail(null)} disabled={busy}>
            Edit
          </Button>
          <Button onClick={() => void send()} loading={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    )
  return (
    <form onSubmit={form.onSubmit(preview)} noValidate>
      <Stack gap="sm">
        {failed}
        {kind === 'meeting' && <MeetingFields form={form} />}
        {kind === 'trial' && <TrialFields form={form} data={data} groups={groups} />}
        {kind === 'admission' && (
          <AdmissionFields
            form={form}
            data={data}
            groups={groups}
            tariffs={tariffs}
            today={today}
          />
        )}
        {kind === 'admissionPayment' && <PaymentFields form={form} data={data} />}
        {kind === 'enrolment' && <EnrolmentFields form={form} data={data} />}
        {kind === 'trial' && <StepCurriculum />}
        <MailFields form={form} senders={senders.senders} />
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

/** Why the step cannot be taken here, if so: no senders, sending off, no child it is open to. */
function Blocked({
  senders,
  error,
  unavailable,
}: {
  senders: SendersAnswer | null
  error: string | null
  unavailable: string[]
}) {
  if (!senders)
    return error ? (
      <Alert color="red" title="The sender accounts could not be read">
        {error} They are read once online; after that a step can be taken offline too.
      </Alert>
    ) : (
      <Text size="sm" c="dimmed">
        Reading the sender accounts…
      </Text>
    )
  if (!senders.may_send)
    return (
      <Alert color="orange" title="E-mail sending is off">
        {SENDING_OFF}
      </Alert>
    )
  if (senders.senders.length === 0)
    return <Alert color="orange">No sender accounts are set up yet.</Alert>
  return (
    <Alert color="orange" title="No child can take this step yet">
      <List size="sm">
        {unavailable.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Alert>
  )
}

/**
 * One admission step's dialog (H21–H42), shown in place of the inquiry's detail: the meeting,
 * the trial, the admission, the admission payment or the enrolment, with its e-mail.
 */
export function StepDialog({
  row,
  kind,
  onDone,
}: {
  row: InquiryRow
  kind: StepKind
  onDone(): void
}) {
  const { answer, error } = useStepSenders()
  const reference = useStepGroups()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const unavailable = stepUnavailable(row.data as Data, kind)
  const ready = answer && answer.may_send && answer.senders.length > 0 && unavailable.length === 0
  return (
    <Stack gap="sm" data-testid="step-dialog">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {STEP_ACTIONS[kind]} · {row.family_name} family
      </Title>
      {!ready ? (
        <>
          <Blocked senders={answer} error={error} unavailable={unavailable} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Back
            </Button>
          </Group>
        </>
      ) : reference ? (
        <StepForm
          row={row}
          kind={kind}
          senders={answer}
          groups={reference.groups}
          tariffs={reference.tariffs}
          onDone={onDone}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Opening the groups on this device…
        </Text>
      )}
    </Stack>
  )
}

import { useEffect, useState } from 'react'
import { useForm, type FormErrors } from '@mantine/form'
import type { ApplicationKind } from '@sync/rules/admissions/application'
import { newApplicationId } from '../logic/facilitator-form'
import { useApplicationQueue } from './use-application-queue'

/**
 * An application form kept on the device as its draft (every change written at once), sent
 * through the device's queue, with a refusal's reasons shown on their fields and the draft
 * dropped once the application is sent.
 */
export function useApplicationForm<V extends { id: string }>(options: {
  kind: ApplicationKind
  draftKey: string
  readDraft: (storage: Storage, makeId: () => string) => V
  empty: (id: string) => V
  validate: (values: V) => FormErrors
  validateInputOnBlur?: boolean
}) {
  const { kind, draftKey } = options
  const queue = useApplicationQueue(kind)
  const [initialValues] = useState(() => options.readDraft(localStorage, newApplicationId))
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: options.validate,
    validateInputOnBlur: options.validateInputOnBlur ?? false,
    onValuesChange: (values) => localStorage.setItem(draftKey, JSON.stringify(values)),
  })
  const { setErrors } = form
  const { entry } = queue

  // The server's reasons for a refusal show on their fields, as the form's own checks do.
  const refusedFields = entry?.state === 'refused' ? entry.fields : undefined
  useEffect(() => {
    if (refusedFields) setErrors(refusedFields)
  }, [refusedFields, setErrors])

  // Sent: the draft has done its work.
  useEffect(() => {
    if (entry?.state === 'sent') localStorage.removeItem(draftKey)
  }, [entry?.state, draftKey])

  const { empty } = options
  return {
    form,
    ...queue,
    /** Sent or waiting on the device: the form gives way to where the application stands. */
    submitted: entry?.state === 'sent' || entry?.state === 'queued',
    startAnother: () => {
      queue.dismiss()
      form.setValues(empty(newApplicationId()))
    },
  }
}

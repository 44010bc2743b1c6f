import { useCallback, useEffect, useMemo, useState } from 'react'
import * as z from 'zod/mini'
import {
  EDITABLE_TEMPLATE_NAMES,
  templateFor as storedOrDefault,
  type EditableTemplateName,
  type TemplateText,
} from '@sync/rules/messaging/templates'
import { useRpcQuery } from './use-rpc-query'

// The centre's own e-mail templates (issue 16), read from the server online and kept on the
// device, so the office writing a receipt or an e-mail offline still uses the centre's texts.

/** Where the device keeps the last list the server gave. */
export const EMAIL_TEMPLATES_KEY = 'app.emailTemplates'

const storedTemplate = z.object({
  name: z.enum(EDITABLE_TEMPLATE_NAMES),
  subject: z.string(),
  html: z.string(),
  updated_at: z.string(),
  updated_by: z.nullable(z.string()),
})
/** The centre's version of a template, who changed it last and when. */
export type StoredEmailTemplate = z.infer<typeof storedTemplate>

/** The rows of an answer or a cache that are templates; anything else is left out. */
export function storedTemplatesOf(value: unknown): StoredEmailTemplate[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((row: unknown) => {
    const parsed = storedTemplate.safeParse(row)
    return parsed.success ? [parsed.data] : []
  })
}

/** The list the device kept; a missing or broken copy is no list (the defaults are used). */
export function readCachedTemplates(storage: Pick<Storage, 'getItem'>): StoredEmailTemplate[] {
  try {
    return storedTemplatesOf(JSON.parse(storage.getItem(EMAIL_TEMPLATES_KEY) ?? '[]'))
  } catch {
    return []
  }
}

/** Keeps the server's list; a full or blocked storage only means the next offline start differs. */
export function cacheTemplates(
  storage: Pick<Storage, 'setItem'>,
  templates: readonly StoredEmailTemplate[],
): void {
  try {
    storage.setItem(EMAIL_TEMPLATES_KEY, JSON.stringify(templates))
  } catch {
    // Nothing to do: the templates are read again online.
  }
}

/**
 * The centre's templates for office screens: the server's list online, else the one this device
 * kept. `templateFor(name)` is the text to send (the centre's version, or the default); `error`
 * says the server's list could not be read (offline, the kept list is used).
 */
export function useEmailTemplates() {
  const [kept] = useState(() => readCachedTemplates(localStorage))
  const { data, error, reload } = useRpcQuery<unknown>('email_templates', {})
  const stored = useMemo(() => (data === null ? kept : storedTemplatesOf(data)), [data, kept])
  useEffect(() => {
    if (data !== null) cacheTemplates(localStorage, stored)
  }, [data, stored])
  const templateFor = useCallback(
    (name: EditableTemplateName): TemplateText => storedOrDefault(name, stored),
    [stored],
  )
  return useMemo(
    () => ({ stored, templateFor, reload, error, fresh: data !== null }),
    [stored, templateFor, reload, error, data],
  )
}

import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES, templateFor } from '@sync/rules/messaging/templates'
import {
  cacheTemplates,
  EMAIL_TEMPLATES_KEY,
  readCachedTemplates,
  storedTemplatesOf,
  type StoredEmailTemplate,
} from './email-templates'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

const trial: StoredEmailTemplate = {
  name: 'trial',
  subject: 'Trial week for {{studentName}}',
  html: '<p>Welcome, {{parentNames}}</p>',
  updated_at: '2026-11-27T10:04:00+00:00',
  updated_by: 'Anita Admin',
}

describe('the centre’s templates kept on the device', () => {
  it('are read back as they were kept, so an offline device uses the centre’s version', () => {
    const storage = memoryStorage()
    cacheTemplates(storage, [trial])
    const kept = readCachedTemplates(storage)
    expect(kept).toEqual([trial])
    expect(templateFor('trial', kept).subject).toBe('Trial week for {{studentName}}')
  })

  it.each([
    ['nothing kept', undefined],
    ['broken JSON', '[{"name":'],
    ['not a list', '{"name":"trial"}'],
    ['null', 'null'],
  ])('give no list when there is %s, and the defaults are used', (_, value) => {
    const storage = memoryStorage(value === undefined ? {} : { [EMAIL_TEMPLATES_KEY]: value })
    expect(readCachedTemplates(storage)).toEqual([])
    expect(templateFor('trial', readCachedTemplates(storage))).toEqual({
      subject: DEFAULT_TEMPLATES.trial.subject,
      html: DEFAULT_TEMPLATES.trial.html,
    })
  })

  it('leave out rows that are not templates and keep the others', () => {
    const rows = [
      trial,
      { ...trial, name: 'birthday' },
      { ...trial, name: 'meeting', subject: 42 },
      { name: 'admission' },
      null,
      { ...trial, name: 'feeReceipt', updated_by: null },
    ]
    expect(storedTemplatesOf(rows).map((t) => t.name)).toEqual(['trial', 'feeReceipt'])
  })

  it('are replaced by an empty list when the centre went back to every default', () => {
    const storage = memoryStorage({ [EMAIL_TEMPLATES_KEY]: JSON.stringify([trial]) })
    cacheTemplates(storage, storedTemplatesOf([]))
    expect(readCachedTemplates(storage)).toEqual([])
  })

  it('do not stop the screen when the storage is full', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(() => cacheTemplates(full, [trial])).not.toThrow()
  })
})

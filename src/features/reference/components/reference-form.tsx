import { useState } from 'react'
import {
  Button,
  ColorSwatch,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import type { ReferenceKind } from '@sync/contract/collections/reference'
import { SUBJECT_COLOURS } from '@sync/contract/constants'
import { format } from 'date-fns'
import { academicYearOf } from '@/lib/time/academic-year'
import { useSubmit } from '@/components/form/use-submit'
import { holidayYears, validateRecord } from '../logic/records'

export interface ReferenceFormProps {
  kind: ReferenceKind
  initial: Record<string, unknown>
  onSubmit(data: Record<string, unknown>): Promise<void>
  onCancel(): void
}

const blank: Record<ReferenceKind, Record<string, unknown>> = {
  session_timing: { timing: '', groupNumber: 1 },
  subject: { name: '', color: SUBJECT_COLOURS[0], mixedGroup: false },
  classroom: { name: '' },
  group: { name: '', timingSet: 1, status: 'active' },
  fee_tariff: { name: '', amount: 0 },
  holiday: { description: '', startDate: '', endDate: '', singleDay: false, academicYear: '' },
}

export function emptyRecord(kind: ReferenceKind): Record<string, unknown> {
  return { ...blank[kind] }
}

/** One form for every kind of reference record, with the field errors under each input. */
export function ReferenceForm({ kind, initial, onSubmit, onCancel }: ReferenceFormProps) {
  const [data, setData] = useState<Record<string, unknown>>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy: saving, run } = useSubmit()
  const set = (field: string, value: unknown) => setData((d) => ({ ...d, [field]: value }))
  const str = (field: string) => (typeof data[field] === 'string' ? (data[field] as string) : '')
  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const clean = {
      ...data,
      ...(kind === 'holiday' ? { singleDay: str('startDate') === str('endDate') } : {}),
    }
    const found = validateRecord(kind, clean)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    await run(() => onSubmit(clean))
  }
  const name = (label: string, field = 'name') => (
    <TextInput
      label={label}
      value={str(field)}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={errors[field]}
      data-autofocus
      required
    />
  )
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {kind === 'session_timing' && (
          <>
            <TextInput
              label="Timing"
              placeholder="09:30 - 10:15"
              value={str('timing')}
              onChange={(e) => set('timing', e.currentTarget.value)}
              error={errors.timing}
              data-autofocus
              required
            />
            <NumberInput
              label="Timing set"
              min={1}
              max={9}
              value={Number(data.groupNumber)}
              onChange={(v) => set('groupNumber', Number(v))}
              error={errors.groupNumber}
            />
          </>
        )}
        {kind === 'subject' && (
          <>
            {name('Subject name')}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="colour-label">
                Colour
              </Text>
              <SimpleGrid
                cols={9}
                spacing={6}
                role="radiogroup"
                aria-labelledby="colour-label"
                maw={320}
              >
                {SUBJECT_COLOURS.map((c) => (
                  <ColorSwatch
                    key={c}
                    component="button"
                    type="button"
                    color={c}
                    role="radio"
                    aria-checked={data.color === c}
                    aria-label={`Colour ${c}`}
                    onClick={() => set('color', c)}
                    style={{
                      outline: data.color === c ? '3px solid var(--mantine-color-text)' : undefined,
                      cursor: 'pointer',
                    }}
                  />
                ))}
              </SimpleGrid>
              {errors.color && (
                <Text size="xs" c="red">
                  {errors.color}
                </Text>
              )}
            </Stack>
            <Switch
              label="Taught in mixed groups"
              checked={data.mixedGroup === true}
              onChange={(e) => set('mixedGroup', e.currentTarget.checked)}
            />
          </>
        )}
        {kind === 'classroom' && name('Classroom name')}
        {kind === 'group' && (
          <>
            {name('Group name')}
            <NumberInput
              label="Timing set"
              min={1}
              max={9}
              value={Number(data.timingSet)}
              onChange={(v) => set('timingSet', Number(v))}
              error={errors.timingSet}
            />
            <Select
              label="Status"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              value={str('status')}
              onChange={(v) => set('status', v ?? 'active')}
              allowDeselect={false}
            />
          </>
        )}
        {kind === 'fee_tariff' && (
          <>
            {name('Tariff name')}
            <NumberInput
              label="Amount (₹)"
              min={0}
              thousandSeparator=","
              value={Number(data.amount)}
              onChange={(v) => set('amount', typeof v === 'number' ? v : Number(v))}
              error={errors.amount}
            />
          </>
        )}
        {kind === 'holiday' && (
          <>
            {name('Description', 'description')}
            <Group grow>
              <TextInput
                type="date"
                label="Start date"
                value={str('startDate')}
                onChange={(e) => {
                  const date = e.currentTarget.value
                  set('startDate', date)
                  // A new holiday belongs to the academic year it starts in.
                  if (!str('academicYear') && /^\d{4}-\d{2}-\d{2}$/.test(date))
                    set('academicYear', academicYearOf(date))
                }}
                error={errors.startDate}
              />
              <TextInput
                type="date"
                label="End date"
                value={str('endDate')}
                onChange={(e) => set('endDate', e.currentTarget.value)}
                error={errors.endDate}
              />
            </Group>
            <Select
              label="Academic year"
              placeholder="Choose a year"
              data={holidayYears(format(new Date(), 'yyyy-MM-dd'), [data.academicYear])}
              value={str('academicYear') || null}
              onChange={(v) => set('academicYear', v ?? '')}
              allowDeselect={false}
              error={errors.academicYear}
            />
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} type="button">
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

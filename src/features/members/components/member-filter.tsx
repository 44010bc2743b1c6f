import '@mantine/core/styles/SegmentedControl.css'
import { SegmentedControl, Select } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { NARROW_QUERY } from '@/lib/navigation/model'
import { MEMBER_FILTERS, type MemberFilter } from '../logic/members'

/**
 * Which members the list shows. Six tabs do not fit a phone held upright, and a strip that
 * scrolls sideways hides some of them: there it is a list to choose from.
 */
export function MemberFilterControl({
  value,
  onChange,
}: {
  value: MemberFilter
  onChange(filter: MemberFilter): void
}) {
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const data = MEMBER_FILTERS.map((f) => ({ ...f }))
  return narrow ? (
    <Select
      label="Show"
      data={data}
      value={value}
      onChange={(v) => onChange((v ?? 'all') as MemberFilter)}
      allowDeselect={false}
      w={170}
    />
  ) : (
    <SegmentedControl
      data={data}
      value={value}
      onChange={(v) => onChange(v as MemberFilter)}
      aria-label="Filter members"
    />
  )
}

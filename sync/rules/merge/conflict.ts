// The conflict handler of records merged field by field (families, students, inquiries): RxDB
// hands it this device's state, the state it started from and the server's, and pushes the merge.
import type { RxConflictHandlerInput } from 'rxdb'
import { fieldLabel, mergeFields } from './fields.ts'

/** A field whose value this device lost to the server's, as the notice says it. */
export interface LostField {
  field: string
  mine: string
  kept: string
}

type Doc = Record<string, unknown>

const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text)

/** An item of a list as a person knows it: a guardian or child by name, a school, a file. */
function itemName(item: unknown): string | null {
  if (typeof item === 'string') return item
  if (typeof item !== 'object' || item === null) return null
  const o = item as Doc
  const name = [o.firstName, o.lastName].filter((p) => typeof p === 'string' && p).join(' ')
  for (const candidate of [name, o.name, o.school, o.fileName, o.type])
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim()
  return null
}

const shown = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return 'nothing'
  if (typeof value === 'string') return cut(value)
  if (Array.isArray(value)) {
    if (value.length === 0) return 'nothing'
    const names = value.map(itemName)
    if (names.every((n) => n !== null)) return cut(names.join(', '))
  }
  return cut(JSON.stringify(value))
}

const plain = (v: unknown): Doc => (typeof v === 'object' && v !== null ? (v as Doc) : {})
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null))

/** Where two lists of the same people differ, one side's values: "João Fernandes: occupation Pilot". */
function differences(side: unknown[], other: unknown[]): string {
  const out: string[] = []
  side.forEach((item, i) => {
    const a = plain(item)
    const b = plain(other[i])
    const keys = Object.keys(a).filter((k) => text(a[k]) !== text(b[k]))
    if (keys.length > 0 || i >= other.length)
      out.push(`${itemName(item)}: ${keys.map((k) => `${k} ${text(a[k])}`).join(', ')}`)
  })
  return out.join('; ')
}

/**
 * Both values as the notice shows them. A list kept whole (its length changed on one side) is
 * named by its items; when the names read the same, what differs is shown.
 */
function bothShown(mine: unknown, kept: unknown): { mine: string; kept: string } {
  const pair = { mine: shown(mine), kept: shown(kept) }
  if (pair.mine !== pair.kept || !Array.isArray(mine) || !Array.isArray(kept)) return pair
  return { mine: cut(differences(mine, kept)), kept: cut(differences(kept, mine)) }
}

/**
 * The merged record and what this device lost. A record the server removed stays removed (the
 * whole record is reported, as before); the server's own columns are always the server's.
 */
export function resolveByFields(
  input: RxConflictHandlerInput<unknown>,
  keep: readonly string[],
): { merged: Doc; lost: LostField[] | null } {
  const theirs = input.realMasterState as Doc
  if (theirs._deleted) return { merged: theirs, lost: null }
  const { merged, lost } = mergeFields({
    base: (input.assumedMasterState as Doc | undefined) ?? null,
    mine: input.newDocumentState as Doc,
    theirs,
    keep,
  })
  return {
    merged,
    lost: lost.map((l) => ({ field: fieldLabel(l.path, merged), ...bothShown(l.mine, l.theirs) })),
  }
}

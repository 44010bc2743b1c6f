// Two devices changed one record (a family, a student, an inquiry): merged field by field against
// the version both started from (issue 30), as the timetable merges a week. A field only one side
// changed takes that side's value, so edits to different fields both survive; a field both
// changed to different values keeps the server's, and the person whose value lost is told which
// field and both values. A list whose items carry an id (a family's guardians, by `parentUUID`)
// and whose items are the same on every side merges item by item, matched by that id, so a
// reorder on one device and an edit on another both survive; other lists of the same length
// merge item by item in their order.

/** A field both sides changed to different values: the server's was kept. */
export interface FieldConflict {
  /** Where it is: 'name', 'data.guardians.0.occupation'. */
  path: string
  mine: unknown
  theirs: unknown
}

type Plain = Record<string, unknown>

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON with keys in order, so equal values compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (isPlain(value))
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`
  return JSON.stringify(value ?? null)
}

const same = (a: unknown, b: unknown) => stable(a) === stable(b)

/** The field that names an item of a list for good: a guardian's. */
const ITEM_ID = 'parentUUID'

/** A list's items by their id, or null when any item has none or two share one. */
function byItemId(list: unknown[]): Map<string, unknown> | null {
  const out = new Map<string, unknown>()
  for (const item of list) {
    const id = isPlain(item) ? item[ITEM_ID] : undefined
    if (typeof id !== 'string' || out.has(id)) return null
    out.set(id, item)
  }
  return out
}

const idsOf = (list: unknown[]) => list.map((item) => String((item as Plain)[ITEM_ID]))
const sameIds = (a: string[], b: string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i])

/**
 * Three versions of a list of the same items (by id, in any order) merged item by item. The
 * order is the side's that changed it; both changed it differently: the server's, and the list
 * is named as lost. A conflict inside an item is named by the item's place in the merged list.
 */
function mergeById(
  base: unknown[],
  mine: unknown[],
  theirs: unknown[],
  path: string,
  lost: FieldConflict[],
): unknown[] | undefined {
  const [b, m, t] = [byItemId(base), byItemId(mine), byItemId(theirs)]
  if (!b || !m || !t || m.size === 0) return undefined
  const [baseIds, mineIds, theirIds] = [idsOf(base), idsOf(mine), idsOf(theirs)]
  if (b.size !== m.size || b.size !== t.size) return undefined
  if (![...b.keys()].every((id) => m.has(id) && t.has(id))) return undefined
  const order = sameIds(mineIds, baseIds) || !sameIds(theirIds, baseIds) ? theirIds : mineIds
  const merged = order.map((id, i) =>
    mergeValue(b.get(id), m.get(id), t.get(id), `${path}.${i}`, lost),
  )
  if (!sameIds(mineIds, baseIds) && !sameIds(theirIds, baseIds) && !sameIds(mineIds, theirIds))
    lost.push({ path, mine, theirs: merged })
  return merged
}

function mergeValue(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: string,
  lost: FieldConflict[],
): unknown {
  if (same(mine, theirs) || same(mine, base)) return theirs
  if (same(theirs, base)) return mine
  if (isPlain(mine) && isPlain(theirs)) {
    const b = isPlain(base) ? base : {}
    const out: Plain = {}
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const value = mergeValue(b[key], mine[key], theirs[key], path ? `${path}.${key}` : key, lost)
      if (value !== undefined) out[key] = value
    }
    return out
  }
  if (Array.isArray(mine) && Array.isArray(theirs) && Array.isArray(base)) {
    const merged = mergeById(base, mine, theirs, path, lost)
    if (merged) return merged
    // Items with ids that are not the same on every side (one added, removed or replaced): the
    // list is one field, as a list whose length changed; items without ids merge by place.
    const withIds = byItemId(mine) && byItemId(theirs) && byItemId(base)
    if (!withIds && mine.length === theirs.length && base.length === mine.length)
      return theirs.map((t, i) => mergeValue(base[i], mine[i], t, `${path}.${i}`, lost))
  }
  lost.push({ path, mine, theirs })
  return theirs
}

/**
 * The record both devices meant: the server's (`theirs`) with every field this device changed
 * from `base` that the server did not. `keep` names columns the server alone writes (who, when):
 * always the server's. Without a base (both made the same record), nothing is common ground.
 */
export function mergeFields(args: {
  base: Plain | null
  mine: Plain
  theirs: Plain
  keep: readonly string[]
}): { merged: Plain; lost: FieldConflict[] } {
  const lost: FieldConflict[] = []
  const base = args.base ?? {}
  const merged: Plain = { ...args.theirs }
  for (const key of new Set([...Object.keys(args.theirs), ...Object.keys(args.mine)])) {
    if (args.keep.includes(key) || (key.startsWith('_') && key !== '_deleted')) continue
    const value = mergeValue(base[key], args.mine[key], args.theirs[key], key, lost)
    if (value === undefined) delete merged[key]
    else merged[key] = value
  }
  return { merged, lost }
}

/**
 * A field as the notice names it: 'data.guardians.0.occupation' → 'guardian 1 › occupation';
 * given the record, an item that has a person's name is named too: 'guardian 1 (Maria
 * Fernandes) › occupation'.
 */
export function fieldLabel(path: string, record?: unknown): string {
  const segments = path.split('.')
  const parts = segments.filter((p, i) => !(i === 0 && p === 'data'))
  const offset = segments.length - parts.length
  const out: string[] = []
  for (const [n, part] of parts.entries()) {
    if (/^\d+$/.test(part) && out.length > 0) {
      const list = out.pop()!
      const item = segments
        .slice(0, offset + n + 1)
        .reduce<unknown>(
          (v, k) => (isPlain(v) || Array.isArray(v) ? (v as Plain)[k] : undefined),
          record,
        )
      const name = isPlain(item)
        ? [item.firstName, item.lastName].filter((p) => typeof p === 'string' && p).join(' ')
        : ''
      out.push(
        `${list.replace(/ies$/, 'y').replace(/s$/, '')} ${Number(part) + 1}${name ? ` (${name})` : ''}`,
      )
    } else
      out.push(
        part
          .replace(/_/g, ' ')
          .replace(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase(),
      )
  }
  return out.join(' › ')
}

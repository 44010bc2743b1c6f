// Two devices changed one record (a family, a student, an inquiry): merged field by field against
// the version both started from (issue 30), as the timetable merges a week. A field only one side
// changed takes that side's value, so edits to different fields both survive; a field both
// changed to different values keeps the server's, and the person whose value lost is told which
// field and both values. Arrays of the same length (a family's guardians) merge item by item.

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
  if (
    Array.isArray(mine) &&
    Array.isArray(theirs) &&
    Array.isArray(base) &&
    mine.length === theirs.length &&
    base.length === mine.length
  )
    return theirs.map((t, i) => mergeValue(base[i], mine[i], t, `${path}.${i}`, lost))
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

/** A field as the notice names it: 'data.guardians.0.occupation' → 'guardian 1 › occupation'. */
export function fieldLabel(path: string): string {
  const parts = path.split('.').filter((p, i) => !(i === 0 && p === 'data'))
  const out: string[] = []
  for (const part of parts) {
    if (/^\d+$/.test(part) && out.length > 0) {
      const list = out.pop()!
      out.push(`${list.replace(/ies$/, 'y').replace(/s$/, '')} ${Number(part) + 1}`)
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

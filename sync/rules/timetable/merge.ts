import {
  WEEKDAY_KEYS,
  type Session,
  type WeekDocument,
  type WeekDays,
  type WeekdayKey,
} from './types.ts'

// Two facilitators may edit the same group's week offline. When a device syncs, its week
// ("mine") is merged with the server's ("theirs") against the version both started from
// ("base"), session by session, so edits to different lessons both survive (issue 6).

/** An edit that did not survive the merge, for the notice shown to the person who made it. */
export interface LostEdit {
  sessionId: string
  day: WeekdayKey
  timingId: string
  /** My version of the session; null when I had removed it. */
  mine: Session | null
  /** The version kept; null when the server side had removed it. */
  theirs: Session | null
}

interface Placed {
  day: WeekdayKey
  session: Session
}

function indexById(days: WeekDays | undefined): Map<string, Placed> {
  const index = new Map<string, Placed>()
  for (const day of WEEKDAY_KEYS) {
    for (const session of days?.[day] ?? []) index.set(session.id, { day, session })
  }
  return index
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aRecord = a as Record<string, unknown>
  const bRecord = b as Record<string, unknown>
  const keys = Object.keys(aRecord)
  return (
    keys.length === Object.keys(bRecord).length &&
    keys.every((key) => key in bRecord && sameJson(aRecord[key], bRecord[key]))
  )
}

/** A session's day is part of its value: moving it to another day is an edit. */
function samePlaced(a: Placed | undefined, b: Placed | undefined): boolean {
  if (!a || !b) return a === b
  return a.day === b.day && sameJson(a.session, b.session)
}

function lostEdit(mine: Placed | undefined, theirs: Placed | undefined): LostEdit {
  const shown = (theirs ?? mine) as Placed
  return {
    sessionId: shown.session.id,
    day: shown.day,
    timingId: shown.session.timingId,
    mine: mine?.session ?? null,
    theirs: theirs?.session ?? null,
  }
}

/**
 * Merges the two sides session by session. A session changed on one side only takes that
 * side's version, including a removal; changed on both sides to different versions, the
 * server's version stands and mine is reported as lost, never dropped silently. A removal
 * against an edit counts as a change on both sides. The merged days list theirs' sessions in
 * their order, then my additions in mine's order.
 */
export function mergeWeeks<D extends WeekDocument>(sides: {
  base: WeekDocument | null
  mine: WeekDocument
  theirs: D
}): { merged: D; lost: LostEdit[] } {
  const base = indexById(sides.base?.days)
  const mine = indexById(sides.mine.days)
  const theirs = indexById(sides.theirs.days)
  const kept = new Map<string, Placed>()
  const lost: LostEdit[] = []

  for (const id of new Set([...theirs.keys(), ...mine.keys(), ...base.keys()])) {
    const [b, m, t] = [base.get(id), mine.get(id), theirs.get(id)]
    const mineChanged = !samePlaced(m, b)
    const theirsChanged = !samePlaced(t, b)
    const winner = mineChanged && !theirsChanged ? m : t
    if (mineChanged && theirsChanged && !samePlaced(m, t)) lost.push(lostEdit(m, t))
    if (winner) kept.set(id, winner)
  }

  const days = {} as WeekDays
  for (const day of WEEKDAY_KEYS) {
    const order = [...(sides.theirs.days[day] ?? []), ...(sides.mine.days[day] ?? [])]
    const ids = new Set(order.map((s) => s.id).filter((id) => kept.get(id)?.day === day))
    days[day] = [...ids].map((id) => (kept.get(id) as Placed).session)
  }
  return { merged: { ...sides.theirs, days }, lost }
}

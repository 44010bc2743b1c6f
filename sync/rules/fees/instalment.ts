// A fee recorded twice (issue 30): the server refuses a second fee of the same student, type and
// period, saying who recorded the first and when. The person keeps both as instalments (their
// payment is recorded again, marked as one) or drops theirs.

/** The end of the server's refusal (app.payments_guard), which offers the two ways out. */
const ALREADY_RECORDED = /is already recorded by .+: keep both as two instalments, or drop yours\.$/

/** Whether a refusal of a payment is the server saying its period is paid already. */
export function periodAlreadyRecorded(reason: string): boolean {
  return ALREADY_RECORDED.test(reason)
}

/**
 * The refused payment recorded again as an instalment: a new record (the refused one never
 * reached the server), without what the server writes (its receipt number, who and when).
 */
export function asInstalment(
  mine: Record<string, unknown>,
  id: string,
): Record<string, unknown> & { id: string; data: Record<string, unknown> } {
  const {
    receipt_number: _number,
    updated_at: _at,
    updated_by: _by,
    _deleted: _gone,
    ...rest
  } = mine
  const data = (mine.data ?? {}) as Record<string, unknown>
  return { ...rest, id, status: 'recorded', data: { ...data, instalment: true } }
}

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

const shown = (value: unknown): string => {
  const text =
    value === undefined || value === null || value === ''
      ? 'nothing'
      : typeof value === 'string'
        ? value
        : JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
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
    lost: lost.map((l) => ({
      field: fieldLabel(l.path),
      mine: shown(l.mine),
      kept: shown(l.theirs),
    })),
  }
}

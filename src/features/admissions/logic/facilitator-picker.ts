// The facilitator picker of an inquiry (H16): the facilitators the office chooses to meet the
// family and to take the children on trial. Pure functions over the facilitator list on the device.

export interface FacilitatorOption {
  id: string
  name: string
  email: string | null
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

const byName = (a: FacilitatorOption, b: FacilitatorOption) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

/**
 * The facilitators offered for a search: those whose name or e-mail holds every word typed
 * (accents and case aside), by name. The ones already chosen stay listed so they can be unticked.
 */
export function pickerOptions(
  all: readonly FacilitatorOption[],
  query: string,
  chosen: readonly string[],
): FacilitatorOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  return all
    .filter(
      (f) =>
        chosen.includes(f.id) || words.every((w) => fold(`${f.name} ${f.email ?? ''}`).includes(w)),
    )
    .sort(byName)
}

/** The chosen facilitators' names in the list's order; one no longer on the list says so. */
export function chosenNames(ids: readonly string[], all: readonly FacilitatorOption[]): string[] {
  const byId = new Map(all.map((f) => [f.id, f]))
  const known = ids
    .map((id) => byId.get(id))
    .filter((f): f is FacilitatorOption => f !== undefined)
    .sort(byName)
    .map((f) => f.name)
  const gone = ids.filter((id) => !byId.has(id)).length
  if (gone === 1) known.push('A facilitator no longer on the list')
  else if (gone > 1) known.push(`${gone} facilitators no longer on the list`)
  return known
}

/**
 * What is saved: each ticked facilitator once, in a stable order. A facilitator who has left the
 * list since they were chosen is dropped with the next save (the picker no longer offers them).
 */
export function facilitatorsToSave(
  ticked: readonly string[],
  all: readonly FacilitatorOption[],
): string[] {
  const listed = new Set(all.map((f) => f.id))
  return [...new Set(ticked.filter((id) => listed.has(id)))].sort()
}

/** The confirmation after saving. */
export function savedMessage(count: number): string {
  if (count === 0) return 'No facilitator is chosen for this inquiry now'
  return count === 1
    ? 'Success! 1 facilitator chosen for this inquiry'
    : `Success! ${count} facilitators chosen for this inquiry`
}

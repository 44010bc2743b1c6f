// How the admission steps read an inquiry's `data`: JSON written by forms over the years, so
// each value is checked before it is used.
import { personName } from './inquiry-view'

type Data = Record<string, unknown>
type Person = Record<string, unknown>

/** The value if it is a string, else ''. */
export const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The value if it is a finite number, else undefined. */
export const amount = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

export const childrenOf = (data: Data): Person[] =>
  Array.isArray(data.children) ? (data.children as Person[]) : []

export const guardiansOf = (data: Data): Person[] =>
  Array.isArray(data.guardians) ? (data.guardians as Person[]) : []

/** A child's or a guardian's full name; '' for nobody. */
export const nameOf = (p: Person | undefined) =>
  p
    ? personName({
        firstName: text(p.firstName),
        middleName: text(p.middleName),
        lastName: text(p.lastName),
      })
    : ''

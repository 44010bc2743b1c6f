// Which children a step may be taken for, and why none can (H25–H42).
import { stepProblem, type StepKind } from '@sync/rules/admissions/steps'
import { childrenOf, nameOf } from './step-data'

type Data = Record<string, unknown>

export interface ChildChoice {
  index: number
  name: string
}

/** The children a step may be taken for (stepProblem answers nothing for them). */
export function stepChildren(data: Data, kind: StepKind): ChildChoice[] {
  return childrenOf(data)
    .map((c, index) => ({ index, name: nameOf(c) || `Child ${index + 1}` }))
    .filter((c) => stepProblem(data, kind, c.index) === null)
}

/** Why no child can take the step, child by child ('Asha: …'); empty when one can. */
export function stepUnavailable(data: Data, kind: StepKind): string[] {
  if (kind === 'meeting' || stepChildren(data, kind).length > 0) return []
  const children = childrenOf(data)
  if (children.length === 0) return ['The inquiry has no children.']
  return children.map(
    (c, i) => `${nameOf(c) || `Child ${i + 1}`}: ${stepProblem(data, kind, i) ?? ''}`,
  )
}

// When a student application may be sent (core.md §5, G11–G14).
import { MARITAL_STATUSES } from '../families/profile.ts'

export interface ApplicationShape {
  maritalStatus: string | null | undefined
  children: readonly unknown[]
  guardians: readonly unknown[]
  /** A lone guardian who is not married confirms they are the child's only legal guardian. */
  soleGuardian?: boolean | null
}

/** Why Submit is not available yet, as the form says it beside the button. */
export type SubmitBlock = 'marital-status' | 'no-child' | 'no-guardian' | 'sole-guardian'

export const SUBMIT_BLOCK_TEXT: Record<SubmitBlock, string> = {
  'marital-status': 'Choose the marital status of the parents',
  'no-child': 'Add at least one child',
  'no-guardian': 'Add at least one parent or guardian',
  'sole-guardian':
    "Add the child's other parent or guardian, or confirm that you are the child's only legal guardian",
}

/**
 * What stands between an application and Submit (G11–G13, decision G14). The marital status must
 * be chosen and there must be a child and a guardian. With exactly one guardian the status must
 * be Married (G13), or that guardian confirms being the child's only legal guardian: the coded
 * rule alone would turn away every single parent, who must be able to apply. With two or more
 * guardians any status is accepted (G14: the coded rule that refused them is the inverted one).
 * Legal guardian documents are asked for later, in the family profile (I32).
 */
export function submitBlocks(application: ApplicationShape): SubmitBlock[] {
  const blocks: SubmitBlock[] = []
  const status = application.maritalStatus
  const chosen = Boolean(status && (MARITAL_STATUSES as readonly string[]).includes(status))
  if (!chosen) blocks.push('marital-status')
  if (application.children.length === 0) blocks.push('no-child')
  if (application.guardians.length === 0) blocks.push('no-guardian')
  if (
    chosen &&
    application.guardians.length === 1 &&
    status !== 'Married' &&
    !application.soleGuardian
  ) {
    blocks.push('sole-guardian')
  }
  return blocks
}

export function canSubmit(application: ApplicationShape): boolean {
  return submitBlocks(application).length === 0
}

// The profile wizard's steps and where its step is kept, without the form's schemas: the parents'
// Home links straight to the Documents step and must not load the wizard to do so.

export const WIZARD_STEPS = [
  'Personal Data',
  "Children's Data",
  'Additional Data',
  'Documents',
] as const
/** Where the wizard's step is kept on the device (I27). */
export const WIZARD_STEP_KEY = 'app.profile.step'
/** The step with the family's documents, where an expiring one is replaced. */
export const DOCUMENTS_STEP = WIZARD_STEPS.indexOf('Documents')

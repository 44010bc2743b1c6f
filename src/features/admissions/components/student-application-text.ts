/** The words of the public student application (/apply-students) and its sub-forms. */
export const STUDENT_APPLICATION_TEXT = {
  title: 'Apply for your child',
  lead: 'Tell us about your children and about yourselves. What you type is kept on this device until you send it, so you can come back to it later.',
  submit: 'Send application',
  addChild: 'Add a child',
  saveChild: 'Save child',
  addGuardian: 'Add another parent or guardian',
  soleGuardian: "I am the child's only legal guardian",
}

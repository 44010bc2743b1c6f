// Which screens are built. A side-pane item whose screen is not in this set is hidden, and a
// route whose screen is not built renders the 404 screen inside its layout (no blank pages).
// Each feature adds its keys here when its screen lands.
export const builtScreens: ReadonlySet<string> = new Set<string>([
  'admin.members',
  'admin.files',
  'admin.errors',
  'admin.warnings',
  'admin.nodemailer',
  'admin.whatsapp',
  'admin.facilitators',
  'administration.inquiries',
  'administration.families',
  'administration.students',
  'administration.archive',
  'facilitator.lessons',
  'facilitator.groups',
  'facilitator.students',
  'facilitator.assignments',
  'facilitator.resources',
  'accounts.signin',
  'accounts.connect-account',
  'accounts.reset-password',
  'accounts.settings',
  'parents.home',
  'parents.payments',
  'students.home',
])

import { centreDefaults } from '@sync/contract/centre-defaults'

// The centre's identity, shown in the title, the manifest, the public pages and e-mails.
// A centre running its own copy sets these at build time (VITE_CENTRE_*).
const env = import.meta.env

export const centre = {
  name: env.VITE_CENTRE_NAME ?? centreDefaults.name,
  shortName: env.VITE_CENTRE_SHORT_NAME ?? centreDefaults.shortName,
  tagline: env.VITE_CENTRE_TAGLINE ?? centreDefaults.tagline,
  email: env.VITE_CENTRE_EMAIL ?? centreDefaults.email,
  phone: env.VITE_CENTRE_PHONE ?? centreDefaults.phone,
  address: env.VITE_CENTRE_ADDRESS ?? centreDefaults.address,
  /** Set to '' at build time to hide UPI payments. */
  upiVpa: env.VITE_CENTRE_UPI_VPA ?? centreDefaults.upiVpa,
} as const

/** The running app's version: package.json's, given at build time. */
export const APP_VERSION: string = __APP_VERSION__

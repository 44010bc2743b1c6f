// The centre's identity, shown in the title, the manifest, the public pages and e-mails.
// A centre running its own copy sets these at build time (VITE_CENTRE_*).
const env = import.meta.env

export const centre = {
  name: env.VITE_CENTRE_NAME ?? 'Banyan Tree Learning Centre',
  shortName: env.VITE_CENTRE_SHORT_NAME ?? 'Banyan Tree',
  tagline: env.VITE_CENTRE_TAGLINE ?? 'An experiential learning centre in Goa',
  email: env.VITE_CENTRE_EMAIL ?? 'hello@banyantree.school',
  phone: env.VITE_CENTRE_PHONE ?? '+91 98220 00000',
  address: env.VITE_CENTRE_ADDRESS ?? 'Assagao, Bardez, North Goa 403507, India',
} as const

export const APP_VERSION = '1.0.54'

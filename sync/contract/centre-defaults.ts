// Defaults for the centre's identity; read by the build (title, manifest) and by the app.
export const centreDefaults = {
  name: 'Banyan Tree Learning Centre',
  shortName: 'Banyan Tree',
  tagline: 'An experiential learning centre in Goa',
  email: 'hello@banyantree.school',
  phone: '+91 98220 00000',
  address: 'Assagao, Bardez, North Goa 403507, India',
  /** The UPI address (VPA) families pay fees to; empty for a centre that takes no UPI. */
  upiVpa: 'banyantree@indianbk',
} as const

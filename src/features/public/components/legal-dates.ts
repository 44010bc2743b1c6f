// A document's effective date changes only with its wording; each page shows it at the top and
// the privacy policy repeats it in its last section.
export const PRIVACY_POLICY_EFFECTIVE_DATE = '25 November 2026'
export const TERMS_OF_SERVICE_EFFECTIVE_DATE = '25 November 2026'

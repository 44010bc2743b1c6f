/** The 18 subject colours (core.md §3); the same list guards the database. */
export const SUBJECT_COLOURS = [
  '#c92a2a',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
  '#364fc7',
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#2b8a3e',
  '#5c940d',
  '#e67700',
  '#d9480f',
  '#495057',
  '#e64980',
  '#7950f2',
  '#15aabf',
  '#82c91e',
  '#fab005',
] as const

/** The most collections the open-source RxDB keeps open in one page is 13; we stay at 12. */
export const MAX_COLLECTIONS = 12

export const TIMING_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9] - ([01][0-9]|2[0-3]):[0-5][0-9]$/
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const ACADEMIC_YEAR_PATTERN = /^\d{4}-\d{2}$/

/**
 * The largest document that syncs, as JSON (256 KiB). Lessons and records are text; files go to
 * storage. A bigger one would travel to every device on every pull, on 2g too, so the device and
 * the server both refuse it with a reason (`app.sync_max_document_bytes()` holds the same number).
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024

// The admin's System Errors and Warnings panes (operations.md §2; F30, F31).

export type LogKind = 'error' | 'warning'

export interface LogEntry {
  id: string
  logged_at: string
  source: string
  message: string
  details: Record<string, unknown>
  dismissed_at: string | null
}

export interface LogPage {
  total: number
  pageSize: number
  rows: LogEntry[]
}

export const LOG_SCREENS: Record<
  LogKind,
  { title: string; intro: string; empty: string; many: string }
> = {
  error: {
    title: 'System Errors',
    intro:
      'Failures recorded by the server: e-mails that could not be sent, account calls that broke.',
    empty: 'No open errors.',
    many: 'errors',
  },
  warning: {
    title: 'Warnings',
    intro:
      'Things the server noticed that may need a look, such as an e-mail that will be retried.',
    empty: 'No open warnings.',
    many: 'warnings',
  },
}

/** The details worth showing under a message, as "key: value" (ids and empty values left out). */
export function detailLines(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(
      ([key, value]) => value !== null && value !== undefined && value !== '' && key !== 'emailId',
    )
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
}

/** What the browser reports of the connection (Network Information API; Chromium only). */
export interface ConnectionReport {
  effectiveType?: string | undefined | null
  /** Round trip, ms, as the browser measured it (0 or absent when unknown). */
  rtt?: number | undefined | null
  /** Throughput, Mbit/s, as the browser measured it (0 or absent when unknown). */
  downlink?: number | undefined | null
}

/** Chrome's "2g" boundary: a 1,400 ms round trip, 8,750 bytes a second (0.07 Mbit/s). */
export const SLOW_RTT_MS = 1400
export const SLOW_DOWNLINK_MBPS = 0.07

/**
 * The slow-connection flag (A08): the browser reports an effective type of 2g or slower, or its
 * measured round trip or throughput is at 2g's or worse. The effective type alone is not enough:
 * Chromium reported "3g" at a 1,400 ms round trip and 0.05 Mbit/s.
 */
export function isSlowConnection(report: ConnectionReport): boolean {
  const { effectiveType, rtt, downlink } = report
  if (effectiveType === '2g' || effectiveType === 'slow-2g') return true
  if (rtt && rtt >= SLOW_RTT_MS) return true
  return !!downlink && downlink <= SLOW_DOWNLINK_MBPS
}

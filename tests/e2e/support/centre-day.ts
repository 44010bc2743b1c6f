import { test } from '@playwright/test'

// Tests that compare a date the app shows with "today" read the centre's clock (Asia/Kolkata,
// UTC + 5:30) as each test starts, not when their file is loaded, and their file does not start
// in the last minutes of the centre's day (a beforeAll waits for the new day): a test that read
// the date at 23:59 would expect yesterday's from a screen that shows today's.

const CENTRE_OFFSET_MS = 330 * 60_000
const DAY_MS = 24 * 60 * 60_000

/** The centre's date, 'YYYY-MM-DD', at `at` (milliseconds since the epoch). */
export function centreDate(at: number = Date.now()): string {
  return new Date(at + CENTRE_OFFSET_MS).toISOString().slice(0, 10)
}

/** How long until the centre's next midnight, from `at`. */
export function untilCentreMidnight(at: number = Date.now()): number {
  const local = at + CENTRE_OFFSET_MS
  return DAY_MS - (((local % DAY_MS) + DAY_MS) % DAY_MS)
}

/**
 * Waits, when the centre's day ends within `margin` ms, until the new day has begun, and gives
 * the running hook (a beforeAll) that much more time.
 */
export async function awayFromCentreMidnight(margin = 6 * 60_000): Promise<void> {
  const left = untilCentreMidnight()
  if (left > margin) return
  const wait = left + 5_000
  test.info().setTimeout(test.info().timeout + wait)
  await new Promise((resolve) => setTimeout(resolve, wait))
}

// A group's school day as a person reads it, "09:30 – 15:00", from the timings of its timing
// set (each timing is "HH:MM - HH:MM"), instead of the set's bare number.

export function dayHoursBySet(
  timings: readonly { timing: string; set: number }[],
): Record<number, string> {
  const spans: Record<number, { from: string; to: string }> = {}
  for (const { timing, set } of timings) {
    const [from, to] = timing.split('-').map((t) => t.trim())
    if (!from || !to) continue
    const span = spans[set]
    spans[set] = span
      ? { from: from < span.from ? from : span.from, to: to > span.to ? to : span.to }
      : { from, to }
  }
  return Object.fromEntries(
    Object.entries(spans).map(([set, { from, to }]) => [Number(set), `${from} – ${to}`]),
  )
}

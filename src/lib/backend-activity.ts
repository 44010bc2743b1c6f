// The calls a person waits on (server lists, account calls) counted while they run, with the
// progress of the page's one loading bar for all of them (operations.md §8): it starts when the
// first call starts, creeps towards its ceiling while calls run, completes when the last one
// ends, and is reset to 0 afterwards. Background replication is not counted (the sync indicator
// speaks for it), nor uploads, which show their own progress.

/** How the bar moves: where it starts, where it slows to a stop, and how fast it gets there. */
export const PROGRESS = { start: 10, ceiling: 90, stepMs: 300, doneMs: 300 } as const

/** The next width of the bar while calls run: a tenth of the way to the ceiling. */
export function creep(value: number): number {
  return Math.min(PROGRESS.ceiling, value + (PROGRESS.ceiling - value) / 10)
}

const listeners = new Set<() => void>()
let inFlight = 0
let progress = 0
let timer: ReturnType<typeof setTimeout> | null = null

function show(value: number): void {
  progress = value
  listeners.forEach((listener) => listener())
}

function changed(by: number): void {
  inFlight += by
  if (timer !== null) clearTimeout(timer)
  timer = null
  if (inFlight > 0) {
    const step = () => {
      timer = setTimeout(() => {
        show(creep(progress))
        step()
      }, PROGRESS.stepMs)
    }
    show(Math.max(progress, PROGRESS.start))
    step()
  } else {
    show(100)
    timer = setTimeout(() => {
      timer = null
      show(0)
    }, PROGRESS.doneMs)
  }
}

/** Counts `work` as a backend call until it settles, and passes its outcome through. */
export async function trackBackendCall<T>(work: () => Promise<T>): Promise<T> {
  changed(1)
  try {
    return await work()
  } finally {
    changed(-1)
  }
}

/** How many backend calls are running now. */
export function backendCallsInFlight(): number {
  return inFlight
}

/** The loading bar's width in percent; 0 when no call runs and the last one has been shown done. */
export function backendProgress(): number {
  return progress
}

export function subscribeBackendActivity(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

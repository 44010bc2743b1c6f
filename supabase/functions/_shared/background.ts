// Work that goes on after a function has answered. On Supabase, EdgeRuntime.waitUntil keeps the
// function alive until the work settles; elsewhere (the local host, tests) the promise runs on by
// itself. Used where the answer must not wait for, or reveal, what is done after it.

type Runtime = { waitUntil?(work: Promise<unknown>): void }

/** Runs `work` after the answer; its failure is the work's own to report (it must not throw). */
export function afterAnswer(work: Promise<unknown>): void {
  const runtime = (globalThis as { EdgeRuntime?: Runtime }).EdgeRuntime
  if (runtime?.waitUntil) runtime.waitUntil(work)
  else void work
}

// Edge functions are written for Deno, which has a global WebSocket; so has Node 22, but this
// project runs on Node 20, where supabase-js's createClient() throws without one. Code that runs
// function handlers inside Node calls this first.
import WebSocket from 'ws'

export function provideEdgeGlobals(): void {
  const g = globalThis as { WebSocket?: unknown }
  if (typeof g.WebSocket === 'undefined') g.WebSocket = WebSocket
}

// The broadcast part of Supabase Realtime that supabase-js uses: Phoenix channels over a
// WebSocket at /realtime/v1/websocket. Clients join `realtime:<topic>` channels, send each other
// broadcasts, and receive what the database sends with realtime.send() (bootstrap/20_realtime.sql
// turns those into NOTIFY 'realtime:broadcast'). Presence and postgres_changes are not offered.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { Connection, Hub, keyOf } from './realtime-channels.ts'
import type { HostDeps } from './deps.ts'

const PATH = '/realtime/v1/websocket'
// realtime-js heartbeats every 25 s; a socket silent for longer than this is gone.
const IDLE_MS = 90_000
const NOTIFY_CHANNEL = 'realtime:broadcast'

function refuse(socket: Duplex, status: number, text: string, message: string) {
  const body = JSON.stringify({ message })
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

export function attachRealtime(
  server: Server,
  deps: HostDeps,
): { ready: Promise<unknown>; close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const hub = new Hub()
  const conns = new Set<Connection>()

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname !== PATH) {
      // Another upgrade handler may own this path; with none, nobody would ever answer.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found', 'Not found')
      return
    }
    const vsn = url.searchParams.get('vsn') ?? '1.0.0'
    if (vsn !== '1.0.0' && vsn !== '2.0.0')
      return refuse(socket, 400, 'Bad Request', `Unsupported vsn ${vsn}`)
    const header = req.headers.apikey
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null)
    if (!apikey) return refuse(socket, 401, 'Unauthorized', 'No API key found in request')
    // The gateway's rule: only the project's own keys open a connection.
    // The opaque keys (sb_publishable_/sb_secret_) stand for their role, as on Supabase.
    const keyRole =
      apikey === deps.keys.publishableKey
        ? 'anon'
        : apikey === deps.keys.secretKey
          ? 'service_role'
          : null
    if (!keyRole && apikey !== deps.keys.anonKey && apikey !== deps.keys.serviceRoleKey) {
      return refuse(socket, 401, 'Unauthorized', 'Invalid API key')
    }
    const claimsOfKey = keyRole
      ? Promise.resolve<Record<string, unknown>>({ role: keyRole })
      : deps.verifyToken(apikey)
    claimsOfKey.then(
      (claims) => {
        wss.handleUpgrade(req, socket, head, (ws) => {
          const conn = new Connection(ws, vsn, claims, hub, deps)
          conns.add(conn)
          ws.on('close', () => conns.delete(conn))
        })
      },
      () => refuse(socket, 401, 'Unauthorized', 'Invalid API key'),
    )
  }
  server.on('upgrade', onUpgrade)

  // Deliveries keep NOTIFY order even when a large payload must be read from the table.
  let deliveries: Promise<void> = Promise.resolve()
  const onNotify = (text: string) => {
    deliveries = deliveries.then(() => deliver(deps, hub, text)).catch(() => {})
  }
  const stopListening = listen(deps, onNotify)

  const sweep = setInterval(() => {
    const now = Date.now()
    for (const conn of conns) if (now - conn.lastSeen > IDLE_MS) conn.ws.terminate()
  }, 30_000)
  sweep.unref()
  // Broadcasts are delivered at once; the rows only need to live long enough to be read back.
  const prune = setInterval(() => {
    deps.db
      .query(`delete from realtime.messages where inserted_at < now() - interval '10 minutes'`)
      .catch(() => {})
  }, 5 * 60_000)
  prune.unref()

  return {
    // The host is up only once the database's messages reach it: a poke sent before LISTEN is
    // in place (a new connection on a PostgreSQL server) would be lost.
    ready: stopListening,
    async close() {
      server.off('upgrade', onUpgrade)
      clearInterval(sweep)
      clearInterval(prune)
      const closed = [...conns].map((conn) => {
        conn.leaveAll()
        conn.ws.close(1001, 'server shutting down')
        return new Promise((resolve) => conn.ws.once('close', resolve))
      })
      // A client that never answers the close handshake must not hold the shutdown.
      await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 1000))])
      for (const conn of conns) conn.ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      const stop = await stopListening.catch(() => null)
      await stop?.().catch(() => {})
      await deliveries
    },
  }
}

async function listen(deps: HostDeps, onNotify: (text: string) => void) {
  try {
    return await deps.db.listen(NOTIFY_CHANNEL, onNotify)
  } catch {
    // PGlite sends the channel name to LISTEN unquoted, and ':' needs quoting there;
    // postgres.js quotes it itself, so only the first form works on a server.
    return deps.db.listen(`"${NOTIFY_CHANNEL}"`, onNotify)
  }
}

async function deliver(deps: HostDeps, hub: Hub, text: string) {
  const note = JSON.parse(text) as {
    id: string
    topic: string
    event: string
    private: boolean
    payload?: unknown
  }
  let payload = note.payload
  if (payload === undefined) {
    const rows = await deps.db.query<{ payload: unknown }>(
      `select payload from realtime.messages where id = $1`,
      [note.id],
    )
    payload = rows[0]?.payload ?? {}
  }
  hub.publish(keyOf(note.topic, note.private), {
    type: 'broadcast',
    event: note.event,
    payload,
    meta: { id: note.id },
  })
}

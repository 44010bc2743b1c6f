// One slow link in front of the host, shared by everything the browser sends and receives: the
// page's requests, the service worker's, the sync calls and the realtime socket. Chrome's own
// emulation (CDP Network.emulateNetworkConditions) throttles one page target, so a worker's
// downloads run beside it at full speed, where on a phone they share the one 2g link with the
// page. A reverse proxy on its own port (the browser opens it directly, so its limit of six
// connections per host holds as it would) adds the round trip before each request goes on and
// sends every body byte, both ways, and the realtime socket's, through one queue at the link's
// rate. HTTP headers cross unpaced (a few hundred bytes a request), so its times are a little
// shorter than a phone's.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import { connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface LinkProfile {
  /** Round trip added before each request goes on, ms. */
  latency: number
  /** Bytes per second, each way, shared by everything on the link. */
  bytesPerSecond: number
}

/** Chrome's "2g" boundary, as one shared link. */
export const TWO_G_LINK: LinkProfile = { latency: 1400, bytesPerSecond: 8750 }

const PIECE = 1024
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One direction of the link: bytes leave in the order they were handed in, at its rate. */
class Direction {
  private freeAt = 0
  bytes = 0
  constructor(private readonly bytesPerSecond: number) {}
  /** Resolves when `n` bytes have crossed (after everything handed in before them). */
  async send(n: number): Promise<void> {
    const now = performance.now()
    this.freeAt = Math.max(this.freeAt, now) + (n * 1000) / this.bytesPerSecond
    this.bytes += n
    await sleep(this.freeAt - now)
  }
}

export interface Link {
  url: string
  /** Bytes that went down (to the browser) and up. */
  down(): number
  up(): number
  stop(): Promise<void>
}

/** A reverse proxy on 127.0.0.1 in front of `target` (http://host:port), with the profile's link. */
export async function startLink(target: string, profile: LinkProfile): Promise<Link> {
  const upstream = new URL(target)
  const down = new Direction(profile.bytesPerSecond)
  const up = new Direction(profile.bytesPerSecond)
  const sockets = new Set<Socket>()
  const server: Server = createServer((req: IncomingMessage, res) => {
    void (async () => {
      await sleep(profile.latency)
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers)
          void pipeline(answer, paced(down), res).catch(() => res.destroy())
        },
      )
      forward.on('error', () => res.destroy())
      await pipeline(req, paced(up), forward).catch(() => forward.destroy())
    })()
  })
  // The realtime socket: its bytes cross the same link after the same round trip.
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    void (async () => {
      await sleep(profile.latency)
      const out = connect(Number(upstream.port), upstream.hostname, () => {
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
        out.write(lines.join('\r\n') + '\r\n\r\n')
        if (head.length) out.write(head)
        void pipeline(out, paced(down), socket).catch(() => socket.destroy())
        void pipeline(socket, paced(up), out).catch(() => out.destroy())
      })
      out.on('error', () => socket.destroy())
    })()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    down: () => down.bytes,
    up: () => up.bytes,
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A stream step passing its chunks on at the direction's pace, 1 KiB at a time. */
function paced(direction: Direction): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      void (async () => {
        for (let at = 0; at < chunk.length; at += PIECE) {
          const piece = chunk.subarray(at, at + PIECE)
          await direction.send(piece.length)
          this.push(piece)
        }
      })().then(() => done(), done)
    },
  })
}

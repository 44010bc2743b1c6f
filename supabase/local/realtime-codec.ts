// Phoenix channel frames as realtime-js 2.109 reads and writes them. vsn 1.0.0 sends JSON
// objects; vsn 2.0.0 (its default) sends JSON arrays, and client broadcasts as a binary
// "user broadcast push" (kind 3) whose payload may itself be JSON or raw bytes.
export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export interface BroadcastBody {
  type: 'broadcast'
  event: string
  payload: unknown
  meta?: Record<string, unknown>
}

const USER_BROADCAST_PUSH = 3
const USER_BROADCAST = 4
const JSON_ENCODING = 1

export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) return decodeBinaryPush(data)
  const parsed: unknown = JSON.parse(data.toString('utf8'))
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('expected a 5-element array')
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    return frame(joinRef, ref, topic, event, payload)
  }
  const o = (parsed ?? {}) as Record<string, unknown>
  return frame(o.join_ref, o.ref, o.topic, o.event, o.payload)
}

function frame(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Frame {
  if (typeof topic !== 'string' || typeof event !== 'string')
    throw new Error('topic and event are required')
  return {
    joinRef: typeof joinRef === 'string' ? joinRef : null,
    ref: typeof ref === 'string' ? ref : null,
    topic,
    event,
    payload: payload ?? {},
  }
}

function decodeBinaryPush(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH)
    throw new Error('unsupported binary frame')
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!]
  const encoding = data[6]
  let offset = 7
  const [joinRef, ref, topic, userEvent, metadata] = lengths.map((len) => {
    const s = data.subarray(offset, offset + len).toString('utf8')
    offset += len
    return s
  }) as [string, string, string, string, string]
  const raw = data.subarray(offset)
  const payload: unknown =
    encoding === JSON_ENCODING ? JSON.parse(raw.toString('utf8')) : new Uint8Array(raw)
  const body: BroadcastBody = { type: 'broadcast', event: userEvent, payload }
  if (metadata) body.meta = JSON.parse(metadata) as Record<string, unknown>
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: body }
}

/** Text for a frame, or bytes for a broadcast whose payload is binary (vsn 2.0.0 only). */
export function encodeFrame(vsn: Vsn, f: Frame): string | Buffer | null {
  const body = f.payload as Partial<BroadcastBody> | null
  if (f.event === 'broadcast' && body?.payload instanceof Uint8Array) {
    return vsn === '2.0.0' ? encodeBinaryBroadcast(f.topic, body as BroadcastBody) : null
  }
  if (vsn === '2.0.0') return JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload])
  return JSON.stringify({
    join_ref: f.joinRef,
    ref: f.ref,
    topic: f.topic,
    event: f.event,
    payload: f.payload,
  })
}

function encodeBinaryBroadcast(topic: string, body: BroadcastBody): Buffer {
  const parts = [topic, body.event, body.meta ? JSON.stringify(body.meta) : ''].map((s) =>
    Buffer.from(s, 'utf8'),
  )
  if (parts.some((p) => p.length > 255)) throw new Error('topic, event or metadata too long')
  const header = Buffer.from([
    USER_BROADCAST,
    parts[0]!.length,
    parts[1]!.length,
    parts[2]!.length,
    0,
  ])
  return Buffer.concat([header, ...parts, body.payload as Uint8Array])
}

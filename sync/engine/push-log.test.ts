import { describe, expect, it } from 'vitest'
import { PushLog, withoutPushedSince } from './push-log.ts'

const from = { seq: 10, scope: 1 }
const answer = <D>(documents: D[]) => ({ documents, checkpoint: { seq: 14, scope: 1 } })

describe('pushes that finished while a pull was on its way', () => {
  it('leaves their documents out of that pull, and keeps the checkpoint where the pull began', () => {
    const log = new PushLog()
    log.record(['before'])
    const mark = log.mark()
    log.start()
    expect(log.crossed(mark)).toBe(true)
    log.record(['a', 'b'])
    const pulled = [{ id: 'a' }, { id: 'before' }, { id: 'c' }]
    expect(withoutPushedSince(log, mark, answer(pulled), from)).toEqual({
      documents: [{ id: 'before' }, { id: 'c' }],
      checkpoint: { seq: 10, scope: 1 },
      short: true,
    })
  })

  it('moves the checkpoint when no pushed document was in the answer, and only that pull is affected', () => {
    const log = new PushLog()
    const mark = log.mark()
    log.start()
    log.record(['x'])
    const pulled = [{ id: 'a' }, { id: 'c' }]
    expect(withoutPushedSince(log, mark, answer(pulled), from)).toEqual({
      ...answer(pulled),
      short: false,
    })
    expect(withoutPushedSince(log, log.mark(), answer([{ id: 'x' }]), null)).toEqual({
      ...answer([{ id: 'x' }]),
      short: false,
    })
    expect(log.crossed(log.mark())).toBe(false)
  })

  it('starts again from the beginning when the first pull of a device is short', () => {
    const log = new PushLog()
    const mark = log.mark()
    log.start()
    log.record(['a'])
    expect(withoutPushedSince(log, mark, answer([{ id: 'a' }]), null)).toEqual({
      documents: [],
      checkpoint: { seq: 0, scope: 1 },
      short: true,
    })
  })
})

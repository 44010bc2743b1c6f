import { describe, expect, it } from 'vitest'
import { PushLog, withoutPushedSince } from './push-log.ts'

describe('pushes that finished while a pull was on its way', () => {
  it('leaves their documents out of that pull, and only of that pull', () => {
    const log = new PushLog()
    log.record(['before'])
    const mark = log.mark()
    log.record(['a', 'b'])
    const pulled = [{ id: 'a' }, { id: 'before' }, { id: 'c' }]
    expect(withoutPushedSince(log, mark, pulled)).toEqual([{ id: 'before' }, { id: 'c' }])
    expect(withoutPushedSince(log, log.mark(), pulled)).toEqual(pulled)
  })
})

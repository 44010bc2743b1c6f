import { describe, expect, it } from 'vitest'
import { functionsWithoutJwt } from './functions.ts'

describe('functionsWithoutJwt', () => {
  it.each([
    ['[functions.outbox]\nverify_jwt = false\n', ['outbox']],
    ['[functions.outbox]\nverify_jwt = true\n', []],
    ['[functions."public-apply"]\n  verify_jwt = false # the public form\n', ['public-apply']],
    ['[functions.a]\nverify_jwt = false\n[functions.b]\nimport_map = "./x"\n', ['a']],
    ['[auth]\nverify_jwt = false\n[functions.a]\n', []],
    ['# [functions.a]\n# verify_jwt = false\n', []],
    ['[functions.a]\r\nverify_jwt=false\r\n', ['a']],
  ])('reads %j', (toml, expected) => {
    expect([...functionsWithoutJwt(toml)]).toEqual(expected)
  })
})

import { describe, expect, it } from 'vitest'
import { readFunctionEnv } from './env.ts'

describe('readFunctionEnv', () => {
  it('keeps what a function reads and leaves out the rest of the environment', () => {
    const env = readFunctionEnv({
      SUPABASE_URL: 'https://ref.supabase.co',
      SITE_URL: 'https://centre.example',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      PATH: '/usr/bin',
    })
    expect(env).toEqual({
      SUPABASE_URL: 'https://ref.supabase.co',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      SITE_URL: 'https://centre.example',
      SMTP_URL: 'smtps://u:p@mail.example:465',
    })
  })

  it('gives an empty string, not undefined, for the platform variables a project lacks', () => {
    expect(readFunctionEnv({})).toEqual({
      SUPABASE_URL: '',
      SUPABASE_ANON_KEY: '',
      SUPABASE_SERVICE_ROLE_KEY: '',
      SITE_URL: '',
    })
  })
})

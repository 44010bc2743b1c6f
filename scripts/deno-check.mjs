// Type-checks every edge function entry point (supabase/functions/<name>/index.ts) under Deno,
// the runtime Supabase deploys them to. npm: imports resolve from the project's node_modules
// (--node-modules-dir=manual), so the check works offline; Deno's cache stays in .tmp/.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const functionsDir = join(root, 'supabase', 'functions')
const entries = readdirSync(functionsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
  .map((d) => join('supabase', 'functions', d.name, 'index.ts'))
  .filter((file) => existsSync(join(root, file)))

if (entries.length === 0) {
  console.log('deno check: no functions found')
  process.exit(0)
}

const denoDir = join(root, '.tmp', 'deno')
mkdirSync(denoDir, { recursive: true })
const local = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno')
const [command, prefix] = existsSync(local) ? [local, []] : ['npx', ['deno']]
const args = [
  ...prefix,
  'check',
  '--config',
  'supabase/functions/deno.json',
  '--node-modules-dir=manual',
  ...entries,
]
const result = spawnSync(command, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1' },
})
if (result.error) {
  console.error(`deno check could not start: ${result.error.message}`)
  process.exit(1)
}
process.exit(result.status ?? 1)

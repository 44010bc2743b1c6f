import { spawn } from 'node:child_process'
import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync } from 'node:fs'
const dir = mkdtempSync('/tmp/pgl-')
const child = spawn(process.execPath, ['zz-durable-child.mjs', dir], { stdio: ['ignore', 'pipe', 'inherit'] })
let last = 0
child.stdout.on('data', (d) => { const l = d.toString().trim().split('\n').pop(); last = Number(l) })
await new Promise((r) => setTimeout(r, 8000))
child.kill('SIGKILL')
await new Promise((r) => child.on('exit', r))
const db = await PGlite.create({ dataDir: dir })
const [{ max }] = (await db.query('select max(n) as max from t')).rows
console.log({ acknowledged: last, stored: max })

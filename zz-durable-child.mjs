import { PGlite } from '@electric-sql/pglite'
const db = await PGlite.create({ dataDir: process.argv[2] })
await db.exec('create table if not exists t (n int)')
let n = 0
for (;;) { await db.query('insert into t values ($1)', [++n]); process.stdout.write(`${n}\n`) }

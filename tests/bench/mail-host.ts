// The local host for the mail suite, in a process the suite kills with SIGKILL: the host (PGlite
// in a data folder, or PostgreSQL) with its mailer sending to the suite's SMTP server, and a small
// control endpoint on loopback through which the suite queues mail, reads the outbox, and moves
// the clock of queued retries and dead leases forward. Arguments: one JSON object in argv[2]
// ({ dataDir?, databaseUrl?, smtpUrl, controlPort }). Prints "ready" once both listen.
import { createServer } from 'node:http'
import { startHost } from '../../supabase/local/server.ts'

const args = JSON.parse(process.argv[2] ?? '{}') as {
  dataDir?: string
  databaseUrl?: string
  smtpUrl: string
  controlPort: number
}
const host = await startHost({
  port: 0,
  dataDir: args.dataDir,
  databaseUrl: args.databaseUrl,
  smtpUrl: args.smtpUrl,
  mailFrom: 'Learning Centre <office@centre.test>',
  distDir: 'tests/host/no-dist',
  seed: false,
  log: () => {},
})

createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString()))
  req.on('end', () => {
    const { sql, params } = JSON.parse(body) as { sql: string; params?: unknown[] }
    host.db.query(sql, params ?? []).then(
      (rows) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
      (error: Error) => res.writeHead(500).end(error.message),
    )
  })
}).listen(args.controlPort, '127.0.0.1', () => console.log('ready'))

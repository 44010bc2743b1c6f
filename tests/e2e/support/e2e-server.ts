// The backend of the browser tests: a real SMTP server on loopback whose messages the tests read
// over HTTP (GET /messages on port+1), and the local host started with its own command
// (supabase/local/main.ts, in memory, demo centre seeded) sending its mail to that server.
// Playwright starts this as its web server and stops the whole process group afterwards.
import { spawn } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { startCloudApiStandIn } from '../../../supabase/local/whatsapp-standin.ts'
import { startSmtp } from '../../helpers/smtp.ts'

const port = Number(process.env.E2E_PORT ?? 4173)
// Each host serves its own copy of the built app, so a test that publishes a new build (it rewrites
// the service worker) changes only its own worker's app.
const dist = `test-results/dist-${port}`
rmSync(dist, { recursive: true, force: true })
cpSync('dist', dist, { recursive: true })
const smtp = await startSmtp()

const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname !== '/messages') {
    res.writeHead(404).end()
    return
  }
  const to = url.searchParams.get('to')?.toLowerCase()
  const found = smtp.messages
    .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
    .map(({ from, to: recipients, subject, html, text, attachments }) => ({
      from,
      to: recipients,
      subject,
      html,
      text,
      // What is attached, and how each file begins (a PDF starts '%PDF-').
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
        head: a.content.subarray(0, 5).toString('latin1'),
        ...(a.cid ? { cid: a.cid } : {}),
      })),
    }))
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found))
})
await new Promise<void>((resolve) => mailbox.listen(port + 1, '127.0.0.1', resolve))

// Meta's Cloud API played on port+2: it takes the messages, reports each as sent and delivered
// through the host's webhook, and lets the tests reply as a parent (POST /_standin/reply).
const whatsapp = await startCloudApiStandIn({
  port: port + 2,
  webhookUrl: `http://127.0.0.1:${port}/functions/v1/whatsapp-webhook`,
  autoReport: ['sent', 'delivered'],
})

const host = spawn(
  process.execPath,
  ['--import', 'tsx', 'supabase/local/main.ts', '--memory', '--port', String(port), '--dist', dist],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      SMTP_URL: smtp.url,
      // The browser opens the app at localhost: links in e-mails must land on the same origin.
      SITE_URL: `http://localhost:${port}`,
      MAIL_FROM: 'Banyan Tree Learning Centre <no-reply@localhost>',
      // Every test signs in from this one machine, far more often than a person would.
      RATE_LIMIT_FACTOR: '100',
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_APP_SECRET: whatsapp.appSecret,
    },
  },
)

async function stop(code: number) {
  host.kill('SIGTERM')
  mailbox.close()
  await whatsapp.close()
  await smtp.close()
  process.exit(code)
}
host.on('exit', (code) => void stop(code ?? 1))
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))

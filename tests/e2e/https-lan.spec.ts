// HTTPS on the centre's network: a browser that trusts the host's certificate (here by the pin of
// the server certificate's key, as a phone trusts the centre's authority) opens the app over
// https://, the page is a secure context, and the service worker registers and controls it.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, expect, test } from '@playwright/test'
import { spkiHash } from '../../supabase/local/tls.ts'

test('the app over https on the network is a secure context with its service worker', async () => {
  test.setTimeout(150_000)
  const port = Number(process.env.E2E_PORT ?? 4173) + 5
  const dir = await mkdtemp(join(tmpdir(), 'e2e-https-'))
  let child: ChildProcess | undefined
  try {
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'supabase/local/main.ts',
        '--https',
        '--memory',
        '--data',
        dir,
        '--port',
        String(port),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    await expect.poll(() => out.includes('Press Ctrl-C to stop.'), { timeout: 120_000 }).toBe(true)
    const pin = spkiHash(await readFile(join(dir, 'tls', 'server.crt'), 'utf8'))
    const browser = await chromium.launch({
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu', `--ignore-certificate-errors-spki-list=${pin}`],
    })
    try {
      const page = await browser.newPage()
      await page.goto(`https://localhost:${port}/`)
      expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
      const script = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready
        return reg.active?.scriptURL
      })
      expect(new URL(script!).pathname).toBe('/sw.js')
      await page.reload()
      await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
    } finally {
      await browser.close()
    }
  } finally {
    child?.kill('SIGTERM')
    await rm(dir, { recursive: true, force: true })
  }
})

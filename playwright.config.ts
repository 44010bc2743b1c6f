import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

// Browser tests run against the local host (the real backend: auth, RPC, functions, mail)
// serving the built app on an in-memory database with the demo centre; e-mails go to a test SMTP
// server the tests read (tests/e2e/support/e2e-server.ts). Build first: `npx vite build`.
const port = Number(process.env.E2E_PORT ?? 4173)
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

export default defineConfig({
  testDir: 'tests/e2e',
  // Two runs on one machine (E2E_PORT apart) need their own artifacts folder too.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: process.env.E2E_SERVER ?? 'npx tsx tests/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${port}/auth/v1/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})

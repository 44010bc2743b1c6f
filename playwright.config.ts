import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'

// Browser tests run against the local host (the real backend: auth, RPC, functions, mail)
// serving the built app on an in-memory database with the demo centre; e-mails go to a test SMTP
// server the tests read (tests/e2e/support/e2e-server.ts). Build first: `npx vite build`.
//
// Two workers, each with a host of its own (ports 4173 and 4183, each with its mailbox at +1 and
// WhatsApp stand-in at +2), so no test sees another's records and the suite takes half the time.
// E2E_WORKERS=1 runs one. This file is read again in every worker, where TEST_PARALLEL_INDEX says
// which host is the worker's: the tests' helpers find it in E2E_PORT.
const firstPort = Number(process.env.E2E_FIRST_PORT ?? process.env.E2E_PORT ?? 4173)
const workers = Number(process.env.E2E_WORKERS ?? 2)
const portOf = (index: number) => firstPort + 10 * index
const port = portOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
if (process.env.TEST_PARALLEL_INDEX !== undefined) process.env.E2E_PORT = String(port)
else process.env.E2E_FIRST_PORT = String(firstPort)
const chromium = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

export default defineConfig({
  testDir: 'tests/e2e',
  // Two runs on one machine (E2E_PORT apart) need their own artifacts folder too.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results/playwright',
  fullyParallel: false,
  workers,
  retries: 0,
  // Generous: a fresh clone's run on two busy cores takes two to three times as long as on a quiet one.
  timeout: 120_000,
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
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: process.env.E2E_SERVER ?? 'npx tsx tests/e2e/support/e2e-server.ts',
    url: `http://127.0.0.1:${portOf(index)}/auth/v1/health`,
    env: { E2E_PORT: String(portOf(index)) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
})

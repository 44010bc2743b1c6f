// `npm test`: every check a change can break, in order, with one summary line at the end:
// "N passed, N failed" over all runners (type check, lint, Deno check, build and route budgets
// count as one test each; vitest and Playwright report their own counts). A test that did not run (skipped,
// or left out because its file's setup failed) counts as failed: nothing may vanish silently.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = []
mkdirSync('test-results', { recursive: true })

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const started = Date.now()
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`=== ${name}: exit ${res.status} in ${seconds}s`)
  return res.status === 0
}

function check(name, cmd, args, env) {
  const ok = run(name, cmd, args, env)
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, notRun: 0 })
  return ok
}

/**
 * Checks that need one core each, run side by side (on two cores the type check, the lint and
 * the Deno check took 45 s so against 58 s one after another); each one's output is printed
 * whole when it ends.
 */
async function checksSideBySide(checks) {
  const done = await Promise.all(
    checks.map(
      ({ name, cmd, args }) =>
        new Promise((resolve) => {
          const started = Date.now()
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
          let output = ''
          child.stdout.on('data', (d) => (output += d))
          child.stderr.on('data', (d) => (output += d))
          child.on('error', (e) => (output += String(e)))
          child.on('close', (status) =>
            resolve({ name, cmd, args, status, output, started, ended: Date.now() }),
          )
        }),
    ),
  )
  for (const { name, cmd, args, status, output, started, ended } of done) {
    console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
    if (output) process.stdout.write(output)
    console.log(`=== ${name}: exit ${status} in ${((ended - started) / 1000).toFixed(1)}s`)
    results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, notRun: 0 })
  }
}

function counted(name, file, cmd, args, env, read) {
  rmSync(file, { force: true })
  const ok = run(name, cmd, args, env)
  let passed = 0
  let failed = 0
  let notRun = 0
  if (existsSync(file)) {
    ;({ passed, failed, notRun } = read(JSON.parse(readFileSync(file, 'utf8'))))
  }
  // A runner that crashed before reporting, or exited non-zero without a failed test, still fails.
  if (!ok && failed === 0 && notRun === 0) failed = 1
  results.push({ name, passed, failed, notRun })
}

const only = process.argv.slice(2)
const wanted = (step) => only.length === 0 || only.includes(step)

await checksSideBySide(
  [
    wanted('typecheck') && { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
    wanted('lint') && { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
    wanted('deno') &&
      existsSync('scripts/deno-check.mjs') && {
        name: 'deno check',
        cmd: 'node',
        args: ['scripts/deno-check.mjs'],
      },
  ].filter(Boolean),
)
if (wanted('vitest')) {
  counted(
    'vitest',
    'test-results/vitest.json',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/vitest.json',
    ],
    {},
    (r) => ({
      passed: r.numPassedTests ?? 0,
      failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
      // Skipped, todo, and the tests of a file whose beforeAll failed (vitest marks them pending).
      notRun: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    }),
  )
}
if (wanted('e2e')) {
  const built = check('build', 'npx', ['vite', 'build'])
  // What each main route downloads on a first visit, measured in Chromium against the local
  // host, stays within its budget (issues 11 and 36).
  if (built) check('route budgets', 'npx', ['tsx', 'scripts/route-budgets.ts', 'dist'])
  if (built) {
    counted(
      'playwright',
      'test-results/e2e.json',
      'npx',
      ['playwright', 'test', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' },
      (r) => ({
        passed: r.stats?.expected ?? 0,
        failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
        notRun: r.stats?.skipped ?? 0,
      }),
    )
  }
}

console.log('\n=== summary')
for (const r of results)
  console.log(
    `${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed, ${r.notRun} skipped or did not run`,
  )
const passed = results.reduce((n, r) => n + r.passed, 0)
const notRun = results.reduce((n, r) => n + r.notRun, 0)
const failed = results.reduce((n, r) => n + r.failed, 0) + notRun
if (notRun > 0) console.log(`${notRun} tests did not run: they count as failed.`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)

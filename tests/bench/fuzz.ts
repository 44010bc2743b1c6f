// Generated bad input, the long run (issue 10): tests/security/fuzz.test.ts with many more runs
// per endpoint than `npm test` makes (its short seeded run), on PGlite and, with
// TEST_DATABASE_URL (or the PostgreSQL server at 127.0.0.1:5432), on PostgreSQL too. Every bad
// request must be refused with a 4xx and change nothing; the suite fails if one is not.
// BENCH_FUZZ_RUNS sets the runs per endpoint (default 100), BENCH_FUZZ_SEED the seed (default:
// the date, so each day's run tries other inputs; a failure prints the seed to replay it).
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { log, runSuite } from './support.ts'

const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 100)
const SEED = Number(
  process.env.BENCH_FUZZ_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', ''),
)
const OUTPUT = '.tmp/bench/fuzz.json'

await runSuite('fuzz', 'Generated bad input, long run', async (out) => {
  rmSync(OUTPUT, { force: true })
  const started = performance.now()
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      'tests/security/fuzz.test.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${OUTPUT}`,
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        FUZZ_RUNS: String(RUNS),
        FUZZ_SEED: String(SEED),
        TEST_DATABASE_URL:
          process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  )
  const seconds = (performance.now() - started) / 1000
  const result = JSON.parse(readFileSync(OUTPUT, 'utf8')) as {
    numPassedTests: number
    numFailedTests: number
    numPendingTests: number
  }
  log(
    `fuzz: ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests} not run in ${Math.round(seconds)} s`,
  )
  const count = (metric: string, value: number, note?: string) =>
    out.rows.push({ metric, unit: 'count', median: value, samples: [value], note })
  count('checks passed', result.numPassedTests, `seed ${SEED}, ${RUNS} runs per endpoint`)
  count('checks failed', result.numFailedTests, 'the goal: 0')
  out.rows.push({ metric: 'time', unit: 'ms', median: seconds * 1000, samples: [seconds * 1000] })
  if (run.status !== 0 || result.numFailedTests > 0 || result.numPendingTests > 0)
    throw new Error(
      `bad input was not refused as it should be (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`,
    )
})

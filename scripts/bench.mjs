// `npm run bench` (never part of `npm test`): builds the app once (with a Vite manifest, into
// .tmp/bench/app so the app's own dist/ is untouched), then runs the benchmark suites in order,
// each a tsx script under tests/bench/ that prints one JSON object on its last stdout line.
// Writes bench/results/latest.json and a Markdown table (printed and saved as latest.md).
// `npm run bench -- sync timetable` runs only those suites; their results replace the same
// suites in latest.json and the other suites' earlier results are kept.
// Environment: BENCH_RUNS (default 5), BENCH_SKIP_BUILD=1 (reuse the last benchmark build).
import { execSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { resolve } from 'node:path'

const SUITES = [
  'bundle',
  'first-visit',
  'parent-visit',
  'host',
  'sync',
  'sync-server',
  'devices',
  'policy-helpers',
  'faults',
  'fuzz',
  'mail',
  'timetable',
]
const DIST = '.tmp/bench/app'
const OUT = 'bench/results'
const REPORT = resolve(`${OUT}/bundle-report.html`)
const asked = process.argv.slice(2)
const unknown = asked.filter((s) => !SUITES.includes(s))
if (unknown.length) {
  console.error(`Unknown suite: ${unknown.join(', ')}. Suites: ${SUITES.join(', ')}`)
  process.exit(2)
}
const suites = asked.length ? SUITES.filter((s) => asked.includes(s)) : SUITES
mkdirSync(OUT, { recursive: true })

const sh = (cmd) => {
  try {
    return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return null
  }
}
const machine = {
  cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  memoryGB: Math.round(totalmem() / 2 ** 30),
  os: sh('. /etc/os-release && echo "$PRETTY_NAME"'),
  node: process.version,
  chromium: sh('/usr/bin/chromium --version 2>/dev/null | tail -1'),
}
const commit = `${sh('git rev-parse --short HEAD')}${sh('git status --porcelain') ? ' (with uncommitted changes)' : ''}`

if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(`${DIST}/.vite/manifest.json`)) {
  console.log(`Building the app into ${DIST}…`)
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    // The bundle visualiser's treemap of the build, linked from the bundle suite's notes.
    { stdio: 'inherit', env: { ...process.env, BUNDLE_REPORT: REPORT } },
  )
  if (build.status !== 0) {
    console.error('The build failed: no benchmark can run.')
    process.exit(1)
  }
}

const previous = existsSync(`${OUT}/latest.json`)
  ? JSON.parse(readFileSync(`${OUT}/latest.json`, 'utf8'))
  : { suites: {} }
const results = { ...previous, date: new Date().toISOString(), machine, commit }
results.suites = { ...previous.suites }

for (const suite of suites) {
  console.log(`\n=== ${suite}`)
  const started = Date.now()
  const load = loadavg()[0]
  const run = spawnSync('npx', ['tsx', `tests/bench/${suite}.ts`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DIST: DIST, BUNDLE_REPORT: REPORT },
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    timeout: 60 * 60 * 1000,
  })
  const last = run.stdout
    ?.trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'))
  let result
  try {
    result = JSON.parse(last)
  } catch {
    result = { suite, title: suite, rows: [], notes: [] }
  }
  const failed = run.status !== 0 || run.error
  if (failed && !result.notes.some((n) => n.startsWith('failed'))) {
    result.notes.push(`failed: exit ${run.status ?? run.signal ?? run.error?.message}`)
  }
  results.suites[suite] = {
    ...result,
    status: failed ? 'failed' : 'ok',
    ranAt: new Date(started).toISOString(),
    commit,
    seconds: Math.round((Date.now() - started) / 1000),
    loadAverage: { before: load, after: loadavg()[0] },
  }
  console.log(`=== ${suite}: ${failed ? 'FAILED' : 'ok'} in ${results.suites[suite].seconds} s`)
}

function format(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–'
  switch (unit) {
    case 'bytes':
      return value < 1024 ? `${value} B` : `${(value / 1024).toFixed(1)} KiB`
    case 'ms':
      return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`
    case 'rps':
      return `${Math.round(value)} req/s`
    case 'MB':
      return `${Math.round(value)} MB`
    case 'ratio':
      return `${value.toFixed(1)}×`
    default:
      return String(Math.round(value))
  }
}
const cell = (text) => String(text ?? '').replaceAll('|', '\\|')

function markdown(r) {
  const lines = [
    '# Benchmark results',
    '',
    `${r.date.slice(0, 10)} · ${r.machine.cpu}, ${r.machine.memoryGB} GB · ${r.machine.os} · ` +
      `Node ${r.machine.node} · ${r.machine.chromium ?? 'Chromium'}`,
    '',
    'Median of the samples (5 runs unless BENCH_RUNS says otherwise); p95 where asked for.',
  ]
  for (const name of SUITES) {
    const s = r.suites[name]
    if (!s) continue
    const status = s.status === 'ok' ? '' : ' — **FAILED**'
    lines.push('', `## ${s.title}${status}`, '')
    lines.push(
      `Suite \`${name}\`, ran ${s.ranAt.slice(0, 16).replace('T', ' ')} UTC at ${s.commit} in ${s.seconds} s ` +
        `(load average ${s.loadAverage.before.toFixed(1)} → ${s.loadAverage.after.toFixed(1)}).`,
      '',
    )
    if (s.rows.length) {
      lines.push('| metric | median | p95 | samples | note |', '|---|---:|---:|---:|---|')
      for (const row of s.rows) {
        const runs = row.samples?.length ?? ''
        const p95 = row.p95 === undefined ? '' : format(row.p95, row.unit)
        lines.push(
          `| ${cell(row.metric)} | ${format(row.median, row.unit)} | ${p95} | ${runs} | ${cell(row.note)} |`,
        )
      }
    }
    for (const note of s.notes) lines.push('', `- ${note}`)
  }
  return `${lines.join('\n')}\n`
}

writeFileSync(`${OUT}/latest.json`, `${JSON.stringify(results, null, 2)}\n`)
const md = markdown(results)
writeFileSync(`${OUT}/latest.md`, md)
console.log(`\n${md}`)
console.log(`Saved ${OUT}/latest.json and ${OUT}/latest.md`)
process.exit(suites.some((s) => results.suites[s].status !== 'ok') ? 1 : 0)

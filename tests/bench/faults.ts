// Sync under faults (issue 9): the long run of the fault scenario in
// tests/replication/faults/scenario.ts — five devices (two facilitators, an admin, an
// administration clerk and a guardian) editing timetables, lesson comments, classrooms,
// inquiries, families, students and WhatsApp numbers and messages, with faults all along (host
// killed with SIGKILL and started again, devices closed mid-sync, disconnects) — on PGlite and on
// the PostgreSQL server. Reports edits, faults and what was lost, duplicated or refused
// (the goal: 0). BENCH_FAULT_SEED picks the seed (default: the date), BENCH_FAULT_STEPS the length.
import { runSeeded } from '../replication/faults/scenario.ts'
import { benchDatabase, log, runSuite } from './support.ts'

const SEED = Number(
  process.env.BENCH_FAULT_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', ''),
)
const STEPS = Number(process.env.BENCH_FAULT_STEPS ?? 2000)

await runSuite(
  'faults',
  'Sync under faults: five devices, random edits, kills and disconnects',
  async (out) => {
    for (const target of ['PGlite', 'PostgreSQL'] as const) {
      const database = target === 'PostgreSQL' ? await benchDatabase() : null
      const started = performance.now()
      try {
        const report = await runSeeded({ seed: SEED, steps: STEPS, databaseUrl: database?.url })
        const seconds = (performance.now() - started) / 1000
        log(`${target}: ${JSON.stringify({ ...report, seconds })}`)
        const one = (metric: string, value: number, note?: string) =>
          out.rows.push({
            metric: `${target}: ${metric}`,
            unit: 'count',
            median: value,
            samples: [value],
            note,
          })
        one('edits', report.edits, `seed ${SEED}, ${STEPS} steps, ${Math.round(seconds)} s`)
        for (const [collection, n] of Object.entries(report.editsBy).sort())
          one(`edits: ${collection}`, n)
        one('host killed (SIGKILL) and restarted', report.faults.kills)
        one('devices closed mid-sync and reopened', report.faults.reopens)
        one('disconnects', report.faults.offline)
        one('edits lost', report.lost.length, report.lost.slice(0, 3).join('; '))
        one('records duplicated', report.duplicated.length)
        one(
          'devices that differ from the server',
          report.diverged.length,
          report.diverged.slice(0, 3).join('; '),
        )
        one('changes refused', report.refused.length)
        one('merged-away lesson edits, each shown to its person', report.reportedLosses)
        one(
          'WhatsApp names given second to a number, each shown to its person',
          report.reportedNumberNames,
        )
        one('other changes lost to the server', report.otherLosses.length)
        const bad =
          report.lost.length +
          report.duplicated.length +
          report.diverged.length +
          report.refused.length +
          report.otherLosses.length
        if (bad > 0)
          throw new Error(`${target}: ${bad} failures (replay with BENCH_FAULT_SEED=${SEED})`)
      } finally {
        await database?.drop()
      }
    }
  },
)

// Sync under faults (issue 9): the long run of the fault scenario in
// tests/replication/faults/scenario.ts — five devices (two facilitators, an admin, an
// administration clerk and a guardian) editing timetables, lesson comments, classrooms,
// inquiries, families, students and WhatsApp numbers and messages, with faults all along (host
// killed with SIGKILL and started again, devices closed mid-sync, disconnects) — on PGlite and on
// the PostgreSQL server. Reports edits, faults and what was lost, duplicated or refused
// (the goal: 0). BENCH_FAULT_SEED picks the seed (default: the date), BENCH_FAULT_STEPS the length.
// Then the office's scenario (tests/replication/faults/office.ts): two office devices and a
// guardian on the same families, students, inquiries and payments; it reports payments duplicated
// and field edits lost (the goal: 0). BENCH_OFFICE_STEPS sets its length. Then the feedback
// scenario (tests/replication/faults/feedback.ts): two facilitators writing about the same
// children offline, releases, a guardian and a student reading; it reports entries lost and what
// a family was sent that it may not read (the goal: 0). BENCH_FEEDBACK_STEPS sets its length;
// BENCH_FAULT_SCENARIOS ('five', 'office', 'feedback', comma-separated) which scenarios run.
import { runFeedbackSeeded } from '../replication/faults/feedback.ts'
import { runSeeded } from '../replication/faults/scenario.ts'
import { runOfficeSeeded } from '../replication/faults/office.ts'
import { benchDatabase, log, runSuite, type SuiteResult } from './support.ts'

const SEED = Number(
  process.env.BENCH_FAULT_SEED ?? new Date().toISOString().slice(0, 10).replaceAll('-', ''),
)
const STEPS = Number(process.env.BENCH_FAULT_STEPS ?? 2000)
const OFFICE_STEPS = Number(process.env.BENCH_OFFICE_STEPS ?? 600)
const FEEDBACK_STEPS = Number(process.env.BENCH_FEEDBACK_STEPS ?? 600)
const SCENARIOS = (process.env.BENCH_FAULT_SCENARIOS ?? 'five,office,feedback').split(',')

function count(out: SuiteResult, metric: string, value: number, note?: string) {
  out.rows.push({ metric, unit: 'count', median: value, samples: [value], note })
}

async function office(out: SuiteResult, target: 'PGlite' | 'PostgreSQL') {
  const database = target === 'PostgreSQL' ? await benchDatabase() : null
  const started = performance.now()
  try {
    const report = await runOfficeSeeded({
      seed: SEED,
      steps: OFFICE_STEPS,
      databaseUrl: database?.url,
    })
    const seconds = (performance.now() - started) / 1000
    log(`${target} office: ${JSON.stringify({ ...report, seconds })}`)
    const one = (metric: string, value: number, note?: string) =>
      count(out, `${target}, office: ${metric}`, value, note)
    one('edits', report.edits, `seed ${SEED}, ${OFFICE_STEPS} steps, ${Math.round(seconds)} s`)
    for (const [what, n] of Object.entries(report.editsBy).sort()) one(`edits: ${what}`, n)
    one('host killed (SIGKILL) and restarted', report.faults.kills)
    one('devices closed mid-sync and reopened', report.faults.reopens)
    one('disconnects', report.faults.offline)
    one(
      'payments duplicated',
      report.paymentsDuplicated.length,
      report.paymentsDuplicated.slice(0, 3).join('; '),
    )
    one(
      'field edits lost',
      report.fieldEditsLost.length,
      report.fieldEditsLost.slice(0, 3).join('; '),
    )
    one('payments lost', report.paymentsLost.length, report.paymentsLost.slice(0, 3).join('; '))
    one('months recorded twice, refused to the second with who recorded them', report.monthsRefused)
    one('same-field edits lost to another device, each shown with its field', report.conflictsTold)
    one(
      'notices naming no edit of their person',
      report.wrongNotices.length,
      report.wrongNotices.slice(0, 3).join('; '),
    )
    one(
      'devices that differ from the server',
      report.diverged.length,
      report.diverged.slice(0, 3).join('; '),
    )
    one('other changes refused', report.refused.length, report.refused.slice(0, 3).join('; '))
    one(
      'group moves leaving the guardian a timetable she may not read, or without one she may',
      report.visibility.length,
      report.visibility.slice(0, 3).join('; '),
    )
    one('visibility resets of the guardian’s device', report.resets)
    const bad =
      report.paymentsDuplicated.length +
      report.fieldEditsLost.length +
      report.paymentsLost.length +
      report.wrongNotices.length +
      report.diverged.length +
      report.refused.length +
      report.visibility.length
    if (bad > 0)
      throw new Error(`${target} office: ${bad} failures (replay with BENCH_FAULT_SEED=${SEED})`)
  } finally {
    await database?.drop()
  }
}

async function feedbackRun(out: SuiteResult, target: 'PGlite' | 'PostgreSQL') {
  const database = target === 'PostgreSQL' ? await benchDatabase() : null
  const started = performance.now()
  try {
    const report = await runFeedbackSeeded({
      seed: SEED,
      steps: FEEDBACK_STEPS,
      databaseUrl: database?.url,
    })
    const seconds = (performance.now() - started) / 1000
    log(`${target} feedback: ${JSON.stringify({ ...report, seconds })}`)
    const one = (metric: string, value: number, note?: string) =>
      count(out, `${target}, feedback: ${metric}`, value, note)
    one('edits', report.edits, `seed ${SEED}, ${FEEDBACK_STEPS} steps, ${Math.round(seconds)} s`)
    for (const [what, n] of Object.entries(report.editsBy).sort()) one(`edits: ${what}`, n)
    one('host killed (SIGKILL) and restarted', report.faults.kills)
    one('devices closed mid-sync and reopened', report.faults.reopens)
    one('disconnects', report.faults.offline)
    one('both facilitators writing about one child offline', report.bothOffline)
    one('entries released', report.released)
    one('entries lost', report.lost.length, report.lost.slice(0, 3).join('; '))
    one(
      'devices that differ from the server, or hold what their person may not read',
      report.diverged.length,
      report.diverged.slice(0, 3).join('; '),
    )
    one('changes refused or lost', report.refused.length, report.refused.slice(0, 3).join('; '))
    const bad = report.lost.length + report.diverged.length + report.refused.length
    if (bad > 0)
      throw new Error(`${target} feedback: ${bad} failures (replay with BENCH_FAULT_SEED=${SEED})`)
  } finally {
    await database?.drop()
  }
}

await runSuite(
  'faults',
  'Sync under faults: random edits on several devices, kills and disconnects',
  async (out) => {
    const failures: string[] = []
    for (const target of ['PGlite', 'PostgreSQL'] as const) {
      // Both databases run even when the first fails: the figures of each are reported.
      if (SCENARIOS.includes('office'))
        await office(out, target).catch((error: Error) => failures.push(error.message))
      if (SCENARIOS.includes('feedback'))
        await feedbackRun(out, target).catch((error: Error) => failures.push(error.message))
      if (!SCENARIOS.includes('five')) continue
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
    if (failures.length > 0) throw new Error(failures.join('; '))
  },
)

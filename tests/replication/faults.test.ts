// A short seeded run of the sync fault scenario (tests/replication/faults/scenario.ts) on each
// database: random edits by five devices (facilitators, office staff, a guardian) to timetables,
// lesson comments, notes and absences, classrooms, inquiries, families, students, WhatsApp numbers and messages and payments
// while the network drops, the host is killed and devices are closed mid-sync.
// `npm run bench -- faults` runs the long version.
import { afterAll, describe, expect, it } from 'vitest'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { runSeeded } from './faults/scenario.ts'

const SEED = Number(process.env.FAULT_SEED ?? 20261126)
const STEPS = Number(process.env.FAULT_STEPS ?? 100)

describe.each(testDatabases())('sync under faults on $name', (target) => {
  const fresh: FreshDatabase[] = []
  afterAll(async () => {
    for (const f of fresh) await f.drop()
    await target.close()
  })

  it(
    `loses, duplicates and refuses nothing (seed ${SEED}, ${STEPS} steps)`,
    { timeout: 600_000 },
    async () => {
      let databaseUrl: string | undefined
      if (target.name === 'postgres') {
        const database = await target.fresh()
        fresh.push(database)
        databaseUrl = database.url
      }
      const lines: string[] = []
      const report = await runSeeded({
        seed: SEED,
        steps: STEPS,
        databaseUrl,
        log: (l) => lines.push(l),
      })
      console.log(
        `sync faults on ${target.name}: seed ${report.seed}, ${report.edits} edits ` +
          `(${Object.entries(report.editsBy)
            .map(([c, n]) => `${c} ${n}`)
            .join(', ')}), ` +
          `${report.faults.kills} host kills, ${report.faults.reopens} devices closed mid-sync, ` +
          `${report.faults.offline} disconnects; ${report.lost.length} lost, ` +
          `${report.duplicated.length} duplicated, ${report.reportedLosses} merged-away edits and ` +
          `${report.reportedNumberNames} WhatsApp names onboarded second and ` +
          `${report.reportedRegisterMarks} register marks overtaken reported` +
          ` (replay: FAULT_SEED=${report.seed} FAULT_STEPS=${STEPS})`,
      )
      expect({
        lost: report.lost,
        duplicated: report.duplicated,
        diverged: report.diverged,
        refused: report.refused,
        otherLosses: report.otherLosses,
      }).toEqual({
        lost: [],
        duplicated: [],
        diverged: [],
        refused: [],
        otherLosses: [],
      })
      expect(report.edits).toBeGreaterThan(STEPS / 3)
      expect(report.faults.kills + report.faults.reopens).toBeGreaterThan(0)
    },
  )
})

// A short seeded run of the feedback fault scenario (tests/replication/faults/feedback.ts) on each
// database: two facilitators write feedback about the same children (often one child in one
// subject, both offline), mark it ready and a facilitator admin releases it, while a guardian and
// a student read what is released, the network drops, the host is killed and devices are closed
// mid-sync. `npm run bench -- faults` runs the long version.
import { afterAll, describe, expect, it } from 'vitest'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { runFeedbackSeeded } from './faults/feedback.ts'

const SEED = Number(process.env.FAULT_SEED ?? 20261133)
const STEPS = Number(process.env.FAULT_STEPS ?? 50)

describe.each(testDatabases())('feedback under faults on $name', (target) => {
  const fresh: FreshDatabase[] = []
  afterAll(async () => {
    for (const f of fresh) await f.drop()
    await target.close()
  })

  it(
    `keeps both facilitators’ entries and shows families only what is released (seed ${SEED}, ${STEPS} steps)`,
    { timeout: 600_000 },
    async () => {
      let databaseUrl: string | undefined
      if (target.name === 'postgres') {
        const database = await target.fresh()
        fresh.push(database)
        databaseUrl = database.url
      }
      const report = await runFeedbackSeeded({ seed: SEED, steps: STEPS, databaseUrl })
      console.log(
        `feedback faults on ${target.name}: seed ${report.seed}, ${report.edits} edits ` +
          `(${Object.entries(report.editsBy)
            .map(([c, n]) => `${c} ${n}`)
            .join(', ')}), ${report.faults.kills} host kills, ${report.faults.reopens} devices ` +
          `closed mid-sync, ${report.faults.offline} disconnects; ${report.bothOffline} times ` +
          `both facilitators wrote about one child offline, ${report.released} released, ` +
          `${report.familyRead} read by the family ` +
          `(replay: FAULT_SEED=${report.seed} FAULT_STEPS=${STEPS})`,
      )
      expect({
        lost: report.lost,
        diverged: report.diverged,
        refused: report.refused,
      }).toEqual({ lost: [], diverged: [], refused: [] })
      // The run did what it is for: both facilitators wrote about one child offline, and
      // released entries reached the family.
      expect(report.bothOffline).toBeGreaterThan(0)
      expect(report.released).toBeGreaterThan(0)
      expect(report.familyRead).toBeGreaterThan(0)
      expect(report.faults.kills + report.faults.reopens).toBeGreaterThan(0)
    },
  )
})

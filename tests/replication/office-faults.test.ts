// A short seeded run of the office's fault scenario (tests/replication/faults/office.ts) on each
// database: two office devices and a guardian change the same families, students, inquiries and
// payments at once (the same month recorded twice, different and same fields, group moves) while
// the network drops, the host is killed and devices are closed mid-sync.
// `npm run bench -- faults` runs the long version.
import { afterAll, describe, expect, it } from 'vitest'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { runOfficeSeeded } from './faults/office.ts'

const SEED = Number(process.env.FAULT_SEED ?? 20261128)
const STEPS = Number(process.env.FAULT_STEPS ?? 80)

describe.each(testDatabases())('the office’s records under faults on $name', (target) => {
  const fresh: FreshDatabase[] = []
  afterAll(async () => {
    for (const f of fresh) await f.drop()
    await target.close()
  })

  it(
    `loses no field edit, duplicates no payment, and tells every conflict (seed ${SEED}, ${STEPS} steps)`,
    { timeout: 600_000 },
    async () => {
      let databaseUrl: string | undefined
      if (target.name === 'postgres') {
        const database = await target.fresh()
        fresh.push(database)
        databaseUrl = database.url
      }
      const report = await runOfficeSeeded({ seed: SEED, steps: STEPS, databaseUrl })
      console.log(
        `office faults on ${target.name}: seed ${report.seed}, ${report.edits} edits ` +
          `(${Object.entries(report.editsBy)
            .map(([c, n]) => `${c} ${n}`)
            .join(', ')}), ${report.faults.kills} host kills, ${report.faults.reopens} devices ` +
          `closed mid-sync, ${report.faults.offline} disconnects; ${report.conflictsTold} ` +
          `conflicts told, ${report.monthsRefused} months refused as recorded already, ` +
          `guardian's groups ${report.groupsChanged ? 'changed' : 'unchanged'} with ` +
          `${report.resets} visibility resets ` +
          `(replay: FAULT_SEED=${report.seed} FAULT_STEPS=${STEPS})`,
      )
      expect({
        fieldEditsLost: report.fieldEditsLost,
        paymentsDuplicated: report.paymentsDuplicated,
        paymentsLost: report.paymentsLost,
        wrongNotices: report.wrongNotices,
        diverged: report.diverged,
        refused: report.refused,
        visibility: report.visibility,
      }).toEqual({
        fieldEditsLost: [],
        paymentsDuplicated: [],
        paymentsLost: [],
        wrongNotices: [],
        diverged: [],
        refused: [],
        visibility: [],
      })
      // The run did what it is for: fields changed on two devices, a month recorded twice.
      expect(report.editsBy['payments']).toBeGreaterThan(3)
      expect(report.conflictsTold).toBeGreaterThan(0)
      expect(report.monthsRefused).toBeGreaterThan(0)
    },
  )
})

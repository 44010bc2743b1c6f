// Trials (L07): the server turns an inquiry on trial into lesson items of kind 'trial' that reach
// the office and the facilitators who teach the trial group, and nobody else; they follow the
// inquiry (a new note, a trial that ends) and no device writes one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Doc = {
  id: string
  kind: string
  group_id: string
  _deleted: boolean
  data: Record<string, unknown>
}

async function trials(tx: Queryable): Promise<Doc[]> {
  const [row] = await tx.query<{ r: { documents: Doc[] } }>(
    "select public.sync_pull('lesson_items', null, 1000) as r",
  )
  return row!.r.documents.filter((d) => d.kind === 'trial' && !d._deleted)
}
const families = (docs: Doc[]) => docs.map((d) => d.data.familyName).sort()

/** Pulls as the facilitator inside the owner's transaction `tx`, then becomes the owner again. */
async function facilitatorTrials(tx: Queryable): Promise<Doc[]> {
  await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify(by('facilitator')),
  ])
  await tx.query('set local role authenticated')
  try {
    return await trials(tx)
  } finally {
    await tx.query('reset role')
  }
}

describe.each(testDatabases())('trials on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it("reach the demo's facilitators of each trial group, and only them", async () => {
    // Asha (facilitator) teaches every group but Jaul; Rahul (facilitator admin) all but Paani.
    expect(families(await asUser(db, by('facilitator'), trials))).toEqual(['Gomes', 'Kulkarni'])
    expect(families(await asUser(db, by('facilitator admin'), trials))).toEqual([
      'Fernandes',
      'Kulkarni',
    ])
    expect(families(await asUser(db, by('admission'), trials))).toEqual([
      'Fernandes',
      'Gomes',
      'Kulkarni',
    ])
    for (const label of ['guardian', 'student', 'member (no role yet)'])
      expect(await asUser(db, by(label), (tx) => trials(tx).catch(() => [])), label).toEqual([])
  })

  it("carry the family, the child, the days and the office's trial note", async () => {
    const [maya] = (await asUser(db, by('admission'), trials)).filter(
      (d) => d.data.familyName === 'Fernandes',
    )
    expect(maya!.group_id).toBe('rg-jaul')
    expect(maya!.data).toMatchObject({
      inquiryId: 'inq-demo-fernandes',
      childName: 'Maya Fernandes',
      groupName: 'Jaul',
      trialStart: '2026-11-30',
      trialEnd: '2026-12-04',
      note: { text: 'Maya is shy at first; she loves drawing and animals.' },
    })
  })

  it('follow the inquiry: a new note shows, an ended trial goes, a template change re-pulls', async () => {
    await db
      .transaction(async (tx) => {
        await tx.query(
          `update public.inquiries set data = jsonb_set(data, '{trialNote}',
           '{"text": "Bring a water bottle", "edited": "2026-11-27T10:00:00Z", "editedBy": "office"}')
          where id = 'inq-demo-gomes'`,
        )
        const gomes = (await facilitatorTrials(tx)).find((d) => d.data.familyName === 'Gomes')
        expect(gomes!.data.note).toMatchObject({ text: 'Bring a water bottle' })
        await tx.query(
          `update public.inquiries set status = 'admission' where id = 'inq-demo-gomes'`,
        )
        expect(families(await facilitatorTrials(tx))).toEqual(['Kulkarni'])
        // Asha leaves Tanni's template: her scope moves on, so her device re-pulls and drops it.
        const scope = async () =>
          Number(
            (
              await tx.query<{ s: string }>(
                `select sync_scope::text as s from public.members where facilitator_id = 'f0000000-0000-4000-a000-000000000001'`,
              )
            )[0]!.s,
          )
        const before = await scope()
        await tx.query(
          `update public.timetables set data = jsonb_set(data, '{days}',
           (select jsonb_object_agg(d.key, (select coalesce(jsonb_agg(s - 'facilitatorId'), '[]'::jsonb)
                                              from jsonb_array_elements(d.value) s))
              from jsonb_each(data -> 'days') d))
          where id = 'tpl_rg-tanni'`,
        )
        expect(await scope()).toBeGreaterThan(before)
        expect(families(await facilitatorTrials(tx))).toEqual([])
        throw new Error('undo')
      })
      .catch((e: Error) => {
        if (e.message !== 'undo') throw e
      })
  })

  it('are written by the server only: a device cannot add or change one', async () => {
    for (const label of ['facilitator', 'admission']) {
      const answer = await asUser(db, by(label), async (tx) => {
        const [row] = await tx.query<{ r: { refused: unknown[] } }>(
          'select public.sync_push($1, $2::jsonb) as r',
          [
            'lesson_items',
            JSON.stringify([
              {
                newDocumentState: {
                  id: 'trial-forged',
                  kind: 'trial',
                  lesson_id: null,
                  group_id: 'rg-tanni',
                  week_key: '2026_49',
                  facilitator_id: null,
                  data: {
                    inquiryId: 'inq-forged',
                    familyName: 'Forged',
                    submitted: '2026-11-27T00:00:00Z',
                    groupName: 'Tanni',
                    trialStart: '2026-12-01',
                    trialEnd: '2026-12-02',
                  },
                  created_at: '2026-11-27T00:00:00Z',
                  _deleted: false,
                },
              },
            ]),
          ],
        )
        return row!.r
      })
      expect(answer.refused, label).toHaveLength(1)
    }
    const [{ n }] = (await db.query<{ n: number }>(
      `select count(*)::int as n from public.lesson_items where id = 'trial-forged'`,
    )) as [{ n: number }]
    expect(n).toBe(0)
  })
})

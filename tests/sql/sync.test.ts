import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
const admin = by('admin')
const guardian = by('guardian')
const facilitator = by('facilitator')

type Doc = Record<string, unknown> & { id: string }
interface Pulled {
  documents: Doc[]
  checkpoint: { seq: number; scope: number }
  reset?: boolean
}
interface Pushed {
  conflicts: Doc[]
  refused: { id: string; reason: string; code: string; document: Doc | null }[]
}

async function pull(
  tx: Queryable,
  collection: string,
  checkpoint: unknown,
  size = 500,
): Promise<Pulled> {
  const [row] = await tx.query<{ r: Pulled }>('select public.sync_pull($1, $2::jsonb, $3) as r', [
    collection,
    checkpoint === null ? null : JSON.stringify(checkpoint),
    size,
  ])
  return row!.r
}

async function push(tx: Queryable, collection: string, rows: unknown[]): Promise<Pushed> {
  const [row] = await tx.query<{ r: Pushed }>('select public.sync_push($1, $2::jsonb) as r', [
    collection,
    JSON.stringify(rows),
  ])
  return row!.r
}

const pullAs = (db: Db, who: TestClaims, collection: string, checkpoint: unknown = null) =>
  asUser(db, who, (tx) => pull(tx, collection, checkpoint))
const pushAs = (db: Db, who: TestClaims, collection: string, rows: unknown[], commit = false) =>
  asUser(db, who, (tx) => push(tx, collection, rows), { commit })

describe.each(testDatabases())('sync engine on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  describe('pull', () => {
    it('returns what the caller may see, in order, with a checkpoint to continue from', async () => {
      const first = await pullAs(db, admin, 'reference')
      expect(first.documents.length).toBeGreaterThan(30)
      expect(first.documents.every((d) => !('_seq' in d) && !('_modified' in d))).toBe(true)
      const again = await pullAs(db, admin, 'reference', first.checkpoint)
      expect(again.documents).toEqual([])
      expect(again.checkpoint).toEqual(first.checkpoint)
    })

    it('pages with the batch size without losing rows', async () => {
      const all = await pullAs(db, admin, 'reference')
      const seen: string[] = []
      let checkpoint: unknown = null
      for (;;) {
        const page = await asUser(db, admin, (tx) => pull(tx, 'reference', checkpoint, 7))
        seen.push(...page.documents.map((d) => d.id))
        checkpoint = page.checkpoint
        if (page.documents.length < 7) break
      }
      expect(seen).toEqual(all.documents.map((d) => d.id))
    })

    it('does not send fee tariffs to parents and students', async () => {
      const staff = await pullAs(db, admin, 'reference')
      expect(staff.documents.some((d) => d.kind === 'fee_tariff')).toBe(true)
      for (const who of [guardian, by('student')]) {
        const docs = (await pullAs(db, who, 'reference')).documents
        expect(docs.length).toBeGreaterThan(0)
        expect(docs.some((d) => d.kind === 'fee_tariff')).toBe(false)
      }
    })

    it('gives nothing to visitors, blocked members and accounts without a member record', async () => {
      await expect(asUser(db, null, (tx) => pull(tx, 'reference', null))).rejects.toThrow(
        /permission denied/,
      )
      expect((await pullAs(db, by('blocked'), 'reference')).documents).toEqual([])
      expect(
        (await pullAs(db, { sub: '00000000-0000-4000-a000-0000000000ff' }, 'reference')).documents,
      ).toEqual([])
    })

    it.each([
      ['an unknown collection', ['members', null, 10], /Unknown collection: members/],
      ['a table name with SQL in it', ['reference; drop table x', null, 10], /Unknown collection/],
      [
        'a malformed checkpoint',
        ['reference', '{"seq":"x","scope":1}', 10],
        /Malformed checkpoint/,
      ],
      ['a negative checkpoint', ['reference', '{"seq":-1,"scope":1}', 10], /Malformed checkpoint/],
      ['a checkpoint that is not an object', ['reference', '[1,2]', 10], /Malformed checkpoint/],
      ['a batch over the limit', ['reference', null, 5000], /batch_size/],
    ])('refuses %s with a clear error', async (_what, args, message) => {
      await expect(
        asUser(db, admin, (tx) => tx.query('select public.sync_pull($1, $2::jsonb, $3)', args)),
      ).rejects.toThrow(message)
    })
  })

  describe('push', () => {
    const art = async () =>
      (await pullAs(db, admin, 'reference')).documents.find((d) => d.id === 'rs-art')!

    it('writes a row whose assumed state matches, and keeps who changed it', async () => {
      const doc = await art()
      const edited = { ...doc, data: { ...(doc.data as object), name: 'Art and Craft' } }
      const result = await asUser(db, admin, async (tx) => {
        const r = await push(tx, 'reference', [
          { newDocumentState: edited, assumedMasterState: doc },
        ])
        const [row] = await tx.query<{ name: string; updated_by: string }>(
          "select data->>'name' as name, updated_by::text from public.reference where id = 'rs-art'",
        )
        return { r, row }
      })
      expect(result.r).toEqual({ conflicts: [], refused: [] })
      expect(result.row).toEqual({ name: 'Art and Craft', updated_by: admin.sub })
    })

    it('returns the server state when the assumed state is stale (a conflict), writing nothing', async () => {
      const doc = await art()
      const stale = { ...doc, data: { ...(doc.data as object), name: 'Old name' } }
      const result = await pushAs(db, admin, 'reference', [
        {
          newDocumentState: { ...doc, data: { ...(doc.data as object), name: 'Mine' } },
          assumedMasterState: stale,
        },
      ])
      expect(result.refused).toEqual([])
      expect(result.conflicts).toHaveLength(1)
      expect(result.conflicts[0]).toMatchObject({ id: 'rs-art', data: { name: 'Art' } })
    })

    it('answers a state it holds already with the stored row when the device lacks what the server set, and with nothing when it has it', async () => {
      const doc = await art()
      // Sent again after its answer was lost: the device never had the server's columns.
      const unstamped = { ...doc, updated_at: null, updated_by: null }
      const again = await pushAs(db, admin, 'reference', [
        { newDocumentState: unstamped, assumedMasterState: null },
      ])
      expect(again.refused).toEqual([])
      expect(again.conflicts).toEqual([doc])
      // The same moment in another notation is the same value.
      const when = String(doc.updated_at).replace(/\+00:00$/, 'Z')
      expect(when).not.toBe(doc.updated_at)
      const stamped = await pushAs(db, admin, 'reference', [
        { newDocumentState: { ...doc, updated_at: when }, assumedMasterState: null },
      ])
      expect(stamped).toEqual({ conflicts: [], refused: [] })
      expect(await art()).toEqual(doc)
    })

    it('ignores server-kept columns when comparing, and timestamps in another notation', async () => {
      const doc = await art()
      const assumed = { ...doc, updated_at: '2001-01-01T00:00:00Z', updated_by: null }
      const result = await pushAs(db, admin, 'reference', [
        {
          newDocumentState: { ...doc, data: { ...(doc.data as object), mixedGroup: false } },
          assumedMasterState: assumed,
        },
      ])
      expect(result).toEqual({ conflicts: [], refused: [] })
    })

    it('refuses rows the caller may not write, with the reason and the server state, and writes the rest', async () => {
      const doc = await art()
      const result = await pushAs(db, facilitator, 'reference', [
        {
          newDocumentState: { ...doc, data: { ...(doc.data as object), name: 'Not mine' } },
          assumedMasterState: doc,
        },
        {
          newDocumentState: {
            id: 'rc-new',
            kind: 'classroom',
            data: { name: 'Verandah' },
            _deleted: false,
          },
          assumedMasterState: null,
        },
      ])
      expect(result.conflicts).toEqual([])
      expect(result.refused).toHaveLength(2)
      expect(result.refused[0]).toMatchObject({
        id: 'rs-art',
        code: '42501',
        reason: 'You are not allowed to make this change to reference.',
      })
      expect(result.refused[0]!.document).toMatchObject({ id: 'rs-art', data: { name: 'Art' } })
      expect(result.refused[1]).toMatchObject({
        id: 'rc-new',
        code: '42501',
        document: { id: 'rc-new', _deleted: true },
      })
    })

    it('refuses bad rows one by one and still writes the good ones in the same push', async () => {
      const result = await asUser(db, admin, async (tx) => {
        const r = await push(tx, 'reference', [
          {
            newDocumentState: {
              id: 'rh-bad',
              kind: 'holiday',
              _deleted: false,
              data: {
                description: 'Oops',
                startDate: '2026-02-10',
                endDate: '2026-02-01',
                singleDay: false,
                academicYear: '2025-26',
              },
            },
            assumedMasterState: null,
          },
          {
            newDocumentState: {
              id: 'rc-meta',
              kind: 'classroom',
              _deleted: false,
              _seq: 1,
              data: { name: 'x' },
            },
            assumedMasterState: null,
          },
          {
            newDocumentState: {
              id: 'rc-extra',
              kind: 'classroom',
              _deleted: false,
              colour: 'red',
              data: { name: 'x' },
            },
            assumedMasterState: null,
          },
          {
            newDocumentState: {
              id: 'rc-type',
              kind: 'classroom',
              _deleted: 'yes',
              data: { name: 'x' },
            },
            assumedMasterState: null,
          },
          {
            newDocumentState: {
              id: 'rs-bad',
              kind: 'subject',
              _deleted: false,
              data: { name: 'Dance', color: 'purple', mixedGroup: false },
            },
            assumedMasterState: null,
          },
          {
            newDocumentState: { kind: 'classroom', data: { name: 'no id' } },
            assumedMasterState: null,
          },
          {
            newDocumentState: {
              id: 'rc-good',
              kind: 'classroom',
              _deleted: false,
              data: { name: 'Library' },
            },
            assumedMasterState: null,
          },
        ])
        const rows = await tx.query<{ id: string }>(
          "select id from public.reference where id in ('rh-bad','rc-meta','rc-extra','rc-type','rs-bad','rc-good')",
        )
        return { r, ids: rows.map((x) => x.id) }
      })
      expect(result.ids).toEqual(['rc-good'])
      const reasons = Object.fromEntries(result.r.refused.map((x) => [x.id ?? 'none', x.reason]))
      expect(reasons).toEqual({
        'rh-bad':
          'Error: Start date must be before end date (a holiday also needs a description and an academic year).',
        'rc-meta': 'Sync metadata cannot be written: _seq',
        'rc-extra': 'A value is not valid: Unknown fields for reference: colour',
        'rc-type': 'A value is not valid: _deleted must be a boolean',
        'rs-bad': "A subject's colour must be one of the 18 subject colours.",
        none: 'A value is not valid: The document has no id',
      })
      expect(result.r.refused.find((x) => x.id === 'rc-extra')!.document).toEqual({
        id: 'rc-extra',
        kind: 'classroom',
        data: { name: 'x' },
        _deleted: true,
      })
    })

    it('stores nothing for a record created and deleted before it ever synced', async () => {
      const result = await asUser(db, admin, async (tx) => {
        const r = await push(tx, 'reference', [
          {
            newDocumentState: {
              id: 'rc-ghost',
              kind: 'classroom',
              _deleted: true,
              data: { name: 'Ghost' },
            },
            assumedMasterState: null,
          },
        ])
        const rows = await tx.query("select 1 from public.reference where id = 'rc-ghost'")
        return { r, rows }
      })
      expect(result.r).toEqual({ conflicts: [], refused: [] })
      expect(result.rows).toEqual([])
    })

    it('deletes softly: the tombstone is pulled by others', async () => {
      const before = await pullAs(db, guardian, 'reference')
      const doc = (await pullAs(db, admin, 'reference')).documents.find(
        (d) => d.id === 'rc-studio',
      )!
      await pushAs(
        db,
        admin,
        'reference',
        [{ newDocumentState: { ...doc, _deleted: true }, assumedMasterState: doc }],
        true,
      )
      const after = await pullAs(db, guardian, 'reference', before.checkpoint)
      expect(after.documents).toEqual([
        expect.objectContaining({ id: 'rc-studio', _deleted: true }),
      ])
    })

    it.each([
      ['rows that are not an array', '{"a":1}', /rows must be an array/],
      ['too many rows', JSON.stringify(Array.from({ length: 501 }, () => ({}))), /Too many rows/],
      ['an unknown collection', '[]', /Unknown collection/, 'nope'],
    ])('refuses %s as a whole', async (_what, rows, message, collection = 'reference') => {
      await expect(
        asUser(db, admin, (tx) =>
          tx.query('select public.sync_push($1, $2::jsonb)', [collection, rows]),
        ),
      ).rejects.toThrow(message)
    })
  })

  describe('visibility changes', () => {
    it("answers reset when the person's scope changed, then serves the new view from zero", async () => {
      const member = by('member (no role yet)')
      const before = await pullAs(db, member, 'reference')
      expect(before.documents).toEqual([]) // no role: nothing
      await db.query("update public.members set role = 'guardian' where id = $1", [member.sub])
      try {
        const next = await pullAs(db, member, 'reference', before.checkpoint)
        expect(next).toMatchObject({ reset: true, documents: [], checkpoint: { seq: 0 } })
        expect(next.checkpoint.scope).toBeGreaterThan(before.checkpoint.scope)
        const fresh = await pullAs(db, member, 'reference', next.checkpoint)
        expect(fresh.documents.length).toBeGreaterThan(0)
        expect(fresh.documents.some((d) => d.kind === 'fee_tariff')).toBe(false)
      } finally {
        await db.query("update public.members set role = 'member' where id = $1", [member.sub])
      }
    })
  })

  describe('read and write rights on reference data', () => {
    const kinds = [
      'session_timing',
      'subject',
      'classroom',
      'group',
      'fee_tariff',
      'holiday',
    ] as const
    const sample: Record<(typeof kinds)[number], object> = {
      session_timing: { timing: '15:00 - 15:30', groupNumber: 1 },
      subject: { name: 'Pottery', color: '#a61e4d', mixedGroup: true },
      classroom: { name: 'Loft' },
      group: { name: 'Nodi', timingSet: 1, status: 'active' },
      fee_tariff: { name: 'Trial', amount: 2000 },
      holiday: {
        description: 'Diwali',
        startDate: '2026-11-09',
        endDate: '2026-11-10',
        singleDay: false,
        academicYear: '2026-27',
      },
    }
    const timetableKinds = ['session_timing', 'subject', 'classroom', 'group']
    const matrix: [string, (k: string) => boolean, (k: string) => boolean][] = [
      ['admin', () => true, () => true],
      ['administration', () => true, () => true],
      ['admission', () => true, () => true],
      ['facilitator admin', () => true, (k) => timetableKinds.includes(k)],
      ['facilitator', () => true, () => false],
      ['parent facilitator', (k) => k !== 'fee_tariff', () => false],
      ['guardian', (k) => k !== 'fee_tariff', () => false],
      ['student', (k) => k !== 'fee_tariff', () => false],
      ['member (no role yet)', () => false, () => false],
      ['blocked', () => false, () => false],
    ]

    it.each(matrix)('%s', async (label, canRead, canWrite) => {
      const who = by(label)
      const docs = (await pullAs(db, who, 'reference')).documents
      for (const kind of kinds) {
        expect(
          docs.some((d) => d.kind === kind),
          `${label} reads ${kind}`,
        ).toBe(canRead(kind))
        const id = `rx-${kind}-${label.replace(/\W/g, '')}`
        const result = await pushAs(db, who, 'reference', [
          {
            newDocumentState: { id, kind, data: sample[kind], _deleted: false },
            assumedMasterState: null,
          },
        ])
        expect(result.refused.length === 0, `${label} writes ${kind}`).toBe(canWrite(kind))
      }
    })
  })

  describe('ordering under concurrent writers', () => {
    it('never lets a puller skip a change that commits late', async () => {
      // On PGlite (one connection) the transactions take turns; on PostgreSQL they overlap.
      await interleavedWritersAndPullers(db)
    })
  })
})

/**
 * Writers hold their transaction open for a random while after writing, so later writers would
 * commit first; pullers pull continuously. Every committed write must reach every puller.
 */
async function interleavedWritersAndPullers(db: Db) {
  const start = await pullAs(db, admin, 'reference')
  const writes = 24
  let done = false
  const seenBy: Set<string>[] = [new Set(), new Set()]
  const pullers = seenBy.map(async (seen) => {
    let checkpoint: unknown = start.checkpoint
    for (;;) {
      const finished = done
      const page = await pullAs(db, admin, 'reference', checkpoint)
      page.documents.forEach((d) => seen.add(d.id))
      checkpoint = page.checkpoint
      if (finished && page.documents.length === 0) return
      await new Promise((r) => setTimeout(r, 5))
    }
  })
  const writers = Array.from({ length: writes }, (_, i) =>
    asUser(
      db,
      admin,
      async (tx) => {
        await new Promise((r) => setTimeout(r, Math.random() * 30))
        await push(tx, 'reference', [
          {
            newDocumentState: {
              id: `rc-c${i}`,
              kind: 'classroom',
              data: { name: `Room ${i}` },
              _deleted: false,
            },
            assumedMasterState: null,
          },
        ])
        await new Promise((r) => setTimeout(r, Math.random() * 60))
      },
      { commit: true },
    ),
  )
  await Promise.all(writers)
  done = true
  await Promise.all(pullers)
  const expected = Array.from({ length: writes }, (_, i) => `rc-c${i}`).sort()
  for (const seen of seenBy)
    expect([...seen].filter((id) => id.startsWith('rc-c')).sort()).toEqual(expected)
}

// What the sync engine must never do, as found by trying it: lose a new record pushed after an
// edit, turn a transient error into a refusal, refuse a record two devices created at once,
// keep rows a person may no longer see, let a hard delete bypass devices, skip rows that existed
// before a table synced, or trust a checkpoint from a restored database. Each case is a test
// that failed before the engine was fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { MAX_DOCUMENT_BYTES } from '@sync/contract/constants.ts'
import { applyAuth } from '../../supabase/local/deps.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
const admin = by('admin')
const guardian = by('guardian')

type Doc = Record<string, unknown> & { id: string }
interface Checkpoint {
  seq: number
  scope: number
  epoch?: string
}
interface Pulled {
  documents: Doc[]
  checkpoint: Checkpoint
  reset?: boolean
}
interface Pushed {
  conflicts: Doc[]
  refused: { id: string; reason: string; code: string; document: Doc | null }[]
}

async function pull(tx: Queryable, collection: string, checkpoint: unknown, size = 1000) {
  const [row] = await tx.query<{ r: Pulled }>('select public.sync_pull($1, $2::jsonb, $3) as r', [
    collection,
    checkpoint === null ? null : JSON.stringify(checkpoint),
    size,
  ])
  return row!.r
}

async function push(tx: Queryable, collection: string, rows: unknown[]) {
  const [row] = await tx.query<{ r: Pushed }>('select public.sync_push($1, $2::jsonb) as r', [
    collection,
    JSON.stringify(rows),
  ])
  return row!.r
}

const pullAs = (db: Db, who: TestClaims, collection: string, checkpoint: unknown = null) =>
  asUser(db, who, (tx) => pull(tx, collection, checkpoint))

/** Pulls every page after `checkpoint`. */
async function pullAll(db: Db, who: TestClaims, collection: string, checkpoint: unknown = null) {
  const documents: Doc[] = []
  let cp = checkpoint
  for (;;) {
    const page = await asUser(db, who, (tx) => pull(tx, collection, cp, 500))
    if (page.reset) throw new Error('unexpected reset')
    documents.push(...page.documents)
    cp = page.checkpoint
    if (page.documents.length < 500) return { documents, checkpoint: page.checkpoint }
  }
}

const classroom = (id: string, name: string) => ({
  id,
  kind: 'classroom',
  data: { name },
  _deleted: false,
})

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe.each(testDatabases())('sync integrity on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('stores a new record pushed after an edit of another in the same batch', async () => {
    const before = await pullAs(db, admin, 'reference')
    const art = before.documents.find((d) => d.id === 'rs-art')!
    const result = await asUser(db, admin, async (tx) => {
      const r = await push(tx, 'reference', [
        {
          newDocumentState: { ...art, data: { ...(art.data as object), name: 'Art studio' } },
          assumedMasterState: art,
        },
        { newDocumentState: classroom('rc-batch-new', 'Porch'), assumedMasterState: null },
      ])
      const rows = await tx.query<{ id: string }>(
        "select id from public.reference where id = 'rc-batch-new'",
      )
      return { r, rows }
    })
    expect(result.r).toEqual({ conflicts: [], refused: [] })
    expect(result.rows).toEqual([{ id: 'rc-batch-new' }])
  })

  it('keeps every per-row decision apart whatever the order of edits, inserts and conflicts', async () => {
    const docs = (await pullAs(db, admin, 'reference')).documents
    const [a, b] = docs.filter((d) => d.kind === 'classroom')
    const result = await asUser(db, admin, async (tx) => {
      const r = await push(tx, 'reference', [
        { newDocumentState: { ...a, data: { name: 'A2' } }, assumedMasterState: a },
        { newDocumentState: classroom('rc-order-1', 'One'), assumedMasterState: null },
        // stale: a conflict
        {
          newDocumentState: { ...b, data: { name: 'B2' } },
          assumedMasterState: { ...b, data: { name: 'not what the server has' } },
        },
        { newDocumentState: classroom('rc-order-2', 'Two'), assumedMasterState: null },
      ])
      const rows = await tx.query<{ id: string }>(
        "select id from public.reference where id like 'rc-order-%' order by id",
      )
      return { r, rows }
    })
    expect(result.r.refused).toEqual([])
    expect(result.r.conflicts.map((c) => c.id)).toEqual([b!.id])
    expect(result.rows).toEqual([{ id: 'rc-order-1' }, { id: 'rc-order-2' }])
  })

  it.each([
    ['a deadlock', '40P01'],
    ['a serialization failure', '40001'],
    ['a lock timeout', '55P03'],
  ])('makes the device retry the batch on %s, never refuses a row', async (_what, code) => {
    // A trigger that fails the way a busy server does, in a transaction that is rolled back.
    const outcome = await db
      .transaction(async (tx) => {
        await tx.exec(`
          create function public.t_transient() returns trigger language plpgsql as $$
          begin
            if new.id = 'rc-transient' then
              raise exception 'the server was busy' using errcode = '${code}';
            end if;
            return new;
          end $$;
          create trigger t_transient before insert on public.reference
            for each row execute function public.t_transient();`)
        await applyAuth(tx, { role: 'authenticated', claims: admin })
        const r = await push(tx, 'reference', [
          { newDocumentState: classroom('rc-transient', 'Busy'), assumedMasterState: null },
        ])
        throw Object.assign(new Error('answered'), { answer: r })
      })
      .catch((e: { code?: string; answer?: Pushed }) => e)
    expect(outcome).toMatchObject({ code })
  })

  it('answers a unique id made by another device as a conflict with the server row', async () => {
    // The row exists already (the other device's push committed first).
    const id = 'wk_2026_50_rg-tanni'
    const mine = {
      id,
      kind: 'week',
      group_id: 'rg-tanni',
      week_key: '2026_50',
      data: { groupName: 'Tanni', mondayDate: '2026-12-07', days: {} },
      _deleted: false,
    }
    const facilitator = by('facilitator')
    await asUser(
      db,
      facilitator,
      (tx) => push(tx, 'timetables', [{ newDocumentState: mine, assumedMasterState: null }]),
      { commit: true },
    )
    const second = await asUser(db, by('facilitator admin'), (tx) =>
      push(tx, 'timetables', [
        {
          newDocumentState: { ...mine, data: { ...mine.data, groupName: 'Mine' } },
          assumedMasterState: null,
        },
      ]),
    )
    expect(second.refused).toEqual([])
    expect(second.conflicts).toEqual([expect.objectContaining({ id, data: mine.data })])
  })

  it('accepts a state the server already has, whatever the device assumed, even from someone who may not change it', async () => {
    // A device that was closed between storing a pulled row and noting it as received pushes
    // that row back: nothing to write, nothing to refuse.
    const art = (await pullAs(db, admin, 'reference')).documents.find((d) => d.id === 'rs-art')!
    const result = await asUser(db, by('facilitator'), (tx) =>
      push(tx, 'reference', [
        {
          newDocumentState: art,
          assumedMasterState: { ...art, data: { ...(art.data as object), name: 'Older' } },
        },
      ]),
    )
    expect(result).toEqual({ conflicts: [], refused: [] })
  })

  it('answers a device that believed a row new with the server row, even when it may not change it', async () => {
    const art = (await pullAs(db, admin, 'reference')).documents.find((d) => d.id === 'rs-art')!
    const result = await asUser(db, by('facilitator'), (tx) =>
      push(tx, 'reference', [
        {
          newDocumentState: { ...art, data: { ...(art.data as object), name: 'Older name' } },
          assumedMasterState: null,
        },
      ]),
    )
    expect(result.refused).toEqual([])
    expect(result.conflicts).toEqual([expect.objectContaining({ id: 'rs-art', data: art.data })])
  })

  it('refuses a document over the size limit with the reason, and writes the rest', async () => {
    const big = 'x'.repeat(MAX_DOCUMENT_BYTES)
    const result = await asUser(db, admin, async (tx) => {
      const r = await push(tx, 'reference', [
        { newDocumentState: classroom('rc-huge', big), assumedMasterState: null },
        { newDocumentState: classroom('rc-small', 'Small'), assumedMasterState: null },
      ])
      const rows = await tx.query<{ id: string }>(
        "select id from public.reference where id in ('rc-huge', 'rc-small')",
      )
      return { r, rows }
    })
    expect(result.rows).toEqual([{ id: 'rc-small' }])
    expect(result.r.refused).toEqual([
      expect.objectContaining({
        id: 'rc-huge',
        code: '54000',
        reason: expect.stringMatching(
          /^This record is too large to sync \(\d+ KB; at most 256 KB\)\.$/,
        ),
        document: expect.objectContaining({ id: 'rc-huge', _deleted: true }),
      }),
    ])
    const [limit] = await db.query<{ n: number }>('select app.sync_max_document_bytes() as n')
    expect(Number(limit!.n)).toBe(MAX_DOCUMENT_BYTES)
  })

  it('refuses to change the kind of a record, which would hide it from some devices without telling them', async () => {
    const art = (await pullAs(db, admin, 'reference')).documents.find((d) => d.id === 'rs-art')!
    const result = await asUser(db, admin, (tx) =>
      push(tx, 'reference', [
        {
          newDocumentState: { ...art, kind: 'fee_tariff', data: { name: 'Art', amount: 10 } },
          assumedMasterState: art,
        },
      ]),
    )
    expect(result.refused).toEqual([
      expect.objectContaining({
        id: 'rs-art',
        reason: 'The kind of a record cannot change: remove it and add a new one.',
        document: expect.objectContaining({ kind: 'subject' }),
      }),
    ])
  })

  it('allows no hard delete of replicated rows: devices would never hear of it', async () => {
    for (const table of ['facilitators', 'topics', 'reference', 'timetables', 'lesson_items']) {
      await expect(
        asUser(db, admin, (tx) => tx.query(`delete from public.${table} returning id`)),
        table,
      ).rejects.toMatchObject({ code: '42501' })
    }
    // Not even server code: a row that is not a tombstone is removed by marking it deleted.
    await expect(db.query("delete from public.reference where id = 'rs-art'")).rejects.toThrow(
      'Records that sync are removed by marking them deleted',
    )
  })

  it('numbers rows that existed before their table was registered, so devices pull them', async () => {
    const documents = await db.transaction(async (tx) => {
      await tx.exec(`
        create table public.t_backfill (id text primary key, name text);
        insert into public.t_backfill values ('b1', 'one'), ('b2', 'two');
        select app.register_sync_table('t_backfill');`)
      // Commit-time numbering runs at the end of the transaction; force it here.
      await tx.exec('set constraints all immediate')
      const got = await pull(tx, 't_backfill', null)
      await tx.exec(
        'drop table public.t_backfill; delete from app.sync_collections where name = $$t_backfill$$',
      )
      return got.documents
    })
    expect(documents.map((d) => d.id)).toEqual(['b1', 'b2'])
  })

  it('carries the database epoch in the checkpoint and resets devices that come from another', async () => {
    const first = await pullAs(db, admin, 'reference')
    expect(first.checkpoint.epoch).toMatch(/^[0-9a-f-]{36}$/)
    const same = await pullAs(db, admin, 'reference', first.checkpoint)
    expect(same.reset).toBeUndefined()
    for (const checkpoint of [
      { seq: first.checkpoint.seq, scope: first.checkpoint.scope }, // from before epochs
      { ...first.checkpoint, epoch: '00000000-0000-4000-8000-000000000000' },
      // further than this database ever went: it was restored from an older backup
      { ...first.checkpoint, seq: first.checkpoint.seq + 1_000_000 },
    ]) {
      const answer = await pullAs(db, admin, 'reference', checkpoint)
      expect(answer).toMatchObject({
        reset: true,
        documents: [],
        checkpoint: { seq: 0, scope: first.checkpoint.scope, epoch: first.checkpoint.epoch },
      })
    }
  })

  it('answers which of the given ids the caller may see, for dropping rows after a reset', async () => {
    const tariff = (await pullAs(db, admin, 'reference')).documents.find(
      (d) => d.kind === 'fee_tariff',
    )!
    const visible = await asUser(db, guardian, (tx) =>
      tx.query<{ ids: string[] }>('select public.sync_visible($1, $2::text[]) as ids', [
        'reference',
        ['rs-art', tariff.id, 'no-such-id'],
      ]),
    )
    expect(visible[0]!.ids).toEqual(['rs-art'])
  })

  it('sends one poke per collection per transaction, however many rows it wrote', async () => {
    const count = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            "select count(*) as n from realtime.messages where topic = 'sync' and payload->>'collection' = 'reference'",
          )
        )[0]!.n,
      )
    const before = await count()
    await asUser(
      db,
      admin,
      (tx) =>
        push(
          tx,
          'reference',
          Array.from({ length: 40 }, (_, i) => ({
            newDocumentState: classroom(`rc-poke-${i}`, `Room ${i}`),
            assumedMasterState: null,
          })),
        ),
      { commit: true },
    )
    expect((await count()) - before).toBe(1)
  })

  it('numbers a change when it commits, so a slow writer blocks no one and no puller skips it', async () => {
    const start = await pullAs(db, admin, 'reference')
    if (target.name === 'pglite') {
      // One connection: transactions run one after another; the number still comes at commit.
      await asUser(
        db,
        admin,
        async (tx) => {
          await push(tx, 'reference', [
            { newDocumentState: classroom('rc-commit-1', 'First'), assumedMasterState: null },
          ])
          const [row] = await tx.query<{ seq: string }>(
            "select _seq::text as seq from public.reference where id = 'rc-commit-1'",
          )
          expect(row!.seq).toBe('0')
        },
        { commit: true },
      )
      const after = await pullAll(db, admin, 'reference', start.checkpoint)
      expect(after.documents.map((d) => d.id)).toContain('rc-commit-1')
      return
    }
    // The slow writer writes first and holds its transaction open; the quick one commits while
    // it waits. With one lock held from the first write to commit, the quick writer would wait
    // for the slow one and this test would never finish.
    const slowWrote = deferred()
    const quickDone = deferred()
    const slow = asUser(
      db,
      admin,
      async (tx) => {
        await push(tx, 'reference', [
          { newDocumentState: classroom('rc-slow', 'Slow'), assumedMasterState: null },
        ])
        slowWrote.resolve()
        await quickDone.promise
      },
      { commit: true },
    )
    await slowWrote.promise
    await asUser(
      db,
      admin,
      (tx) =>
        push(tx, 'reference', [
          { newDocumentState: classroom('rc-quick', 'Quick'), assumedMasterState: null },
        ]),
      { commit: true },
    )
    const seenBeforeSlowCommit = await pullAll(db, admin, 'reference', start.checkpoint)
    expect(seenBeforeSlowCommit.documents.map((d) => d.id)).toContain('rc-quick')
    quickDone.resolve()
    await slow
    const rest = await pullAll(db, admin, 'reference', seenBeforeSlowCommit.checkpoint)
    expect(rest.documents.map((d) => d.id)).toEqual(['rc-slow'])
  })

  if (target.name === 'postgres')
    it('turns a real deadlock between two pushes into a retry for one and a write for the other', async () => {
      const docs = (await pullAs(db, admin, 'reference')).documents.filter(
        (d) => d.kind === 'classroom',
      )
      const [a, b] = docs
      const edit = (d: Doc, name: string) => ({
        newDocumentState: { ...d, data: { name } },
        assumedMasterState: d,
      })
      const firstLocked = deferred()
      const secondLocked = deferred()
      const one = asUser(
        db,
        admin,
        async (tx) => {
          await push(tx, 'reference', [edit(a!, 'one')])
          firstLocked.resolve()
          await secondLocked.promise
          return push(tx, 'reference', [edit(b!, 'one')])
        },
        { commit: true },
      ).then(
        (r) => ({ ok: r }),
        (e: { code?: string }) => ({ error: e.code }),
      )
      const two = asUser(
        db,
        admin,
        async (tx) => {
          await firstLocked.promise
          await push(tx, 'reference', [edit(b!, 'two')])
          secondLocked.resolve()
          return push(tx, 'reference', [edit(a!, 'two')])
        },
        { commit: true },
      ).then(
        (r) => ({ ok: r }),
        (e: { code?: string }) => ({ error: e.code }),
      )
      const results = await Promise.all([one, two])
      expect(results.filter((r) => 'error' in r)).toEqual([{ error: '40P01' }])
      expect(results.filter((r) => 'ok' in r)).toEqual([{ ok: { conflicts: [], refused: [] } }])
    })

  if (target.name === 'postgres')
    it('answers a week two devices create at the same moment as a conflict, not a refusal', async () => {
      const id = 'wk_2026_51_rg-tanni'
      const week = (groupName: string) => ({
        id,
        kind: 'week',
        group_id: 'rg-tanni',
        week_key: '2026_51',
        data: { groupName, mondayDate: '2026-12-14', days: {} },
        _deleted: false,
      })
      const firstWrote = deferred()
      const secondStarted = deferred()
      const first = asUser(
        db,
        by('facilitator'),
        async (tx) => {
          const r = await push(tx, 'timetables', [
            { newDocumentState: week('First'), assumedMasterState: null },
          ])
          firstWrote.resolve()
          await secondStarted.promise
          // Commit only once the second push is waiting on this row's index entry.
          for (;;) {
            const [w] = await db.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            )
            if (w!.n > 0) break
            await new Promise((resolve) => setTimeout(resolve, 20))
          }
          return r
        },
        { commit: true },
      )
      await firstWrote.promise
      const second = asUser(db, by('facilitator admin'), (tx) => {
        secondStarted.resolve()
        return push(tx, 'timetables', [
          { newDocumentState: week('Second'), assumedMasterState: null },
        ])
      })
      expect(await first).toEqual({ conflicts: [], refused: [] })
      const answer = await second
      expect(answer.refused).toEqual([])
      expect(answer.conflicts).toEqual([
        expect.objectContaining({ id, data: expect.objectContaining({ groupName: 'First' }) }),
      ])
    })
})

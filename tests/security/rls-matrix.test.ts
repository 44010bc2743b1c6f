// The RLS matrix (issue 10): every table and function of the database against every role, one
// test per cell, run as that role (never as the owner, who bypasses RLS) in a transaction that is
// rolled back. Direct table writes are what PostgREST's /rest/v1 would make on Supabase. The answers are in rls-manifest.ts; a table or function missing there fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { asUser, testDatabases } from '../helpers/test-db.ts'
import {
  COVERED_SCHEMAS,
  FIXTURES,
  FUNCTIONS,
  PLATFORM_TABLES,
  TABLES,
  type RowsAnswer,
} from './rls-manifest.ts'
import { ROLES, claimsFor, type Role } from './rls-roles.ts'

type Op = 'select' | 'insert' | 'update' | 'delete'
const OPS: Op[] = ['select', 'insert', 'update', 'delete']

/** The table an entry is about, and the rows of it (an entry may be one kind of a table's rows). */
const tableOf = (key: string) => TABLES[key]!.table ?? key
const whereOf = (key: string) => (TABLES[key]!.only ? ` where ${TABLES[key]!.only}` : '')

const tableCells = Object.entries(TABLES).flatMap(([table, entry]) =>
  OPS.flatMap((op) => ROLES.map((role) => [table, op, role, entry[op][role]] as const)),
)
// Tables written only through a function: every direct write, as PostgREST would make it.
const directCells = Object.entries(TABLES)
  .filter(([, entry]) => entry.via)
  .flatMap(([table]) =>
    (['insert', 'update', 'delete'] as const).flatMap((op) =>
      ROLES.map((role) => [table, op, role] as const),
    ),
  )
const functionCells = Object.entries(FUNCTIONS).flatMap(([fn, entry]) =>
  ROLES.map((role) => [fn, role, entry.execute[role]] as const),
)

/** What PostgreSQL's refusal says, as a manifest answer. */
function refusal(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  if (code === '42501') return 'deny'
  if (typeof code === 'string') return `refuse ${code}`
  throw new Error(`not a database refusal: ${message ?? String(error)}`)
}

describe.each(testDatabases())('RLS matrix on $name', (target) => {
  let db: Db
  const totals = new Map<string, number>()
  const oids = new Map<string, number>()

  beforeAll(async () => {
    db = await target.open()
    await db.exec(FIXTURES)
    for (const key of Object.keys(TABLES)) {
      const exists = await db.query<{ ok: boolean }>('select to_regclass($1) is not null as ok', [
        tableOf(key),
      ])
      if (!exists[0]?.ok) continue
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from ${tableOf(key)}${whereOf(key)}`,
      )
      totals.set(key, row!.n)
    }
    const fns = await db.query<{ key: string; oid: number }>(
      `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
              p.oid::int as oid
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1) and p.prokind = 'f'`,
      [COVERED_SCHEMAS],
    )
    for (const f of fns) oids.set(f.key, f.oid)
  })
  afterAll(() => target.close())

  it('lists every table of the database, and no table the database does not have', async () => {
    const rows = await db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where (n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm'))
           or n.nspname || '.' || c.relname = any($2)`,
      [COVERED_SCHEMAS, PLATFORM_TABLES],
    )
    const inDatabase = rows.map((r) => r.name).sort()
    const listed = new Set(Object.keys(TABLES).map(tableOf))
    expect(
      inDatabase.filter((t) => !listed.has(t)),
      'tables missing from tests/security/rls-manifest.ts',
    ).toEqual([])
    expect(
      [...listed].filter((t) => !inDatabase.includes(t)),
      'tables in the manifest that the database does not have',
    ).toEqual([])
  })

  it('lists every function of the database, and no function the database does not have', () => {
    const inDatabase = [...oids.keys()].sort()
    expect(
      inDatabase.filter((f) => !(f in FUNCTIONS)),
      'functions missing from tests/security/rls-manifest.ts',
    ).toEqual([])
    expect(
      Object.keys(FUNCTIONS).filter((f) => !oids.has(f)),
      'functions in the manifest that the database does not have',
    ).toEqual([])
  })

  it('holds rows of several owners in every table, so each answer can be told apart', () => {
    expect([...totals.entries()].filter(([, n]) => n === 0).map(([t]) => t)).toEqual([])
  })

  const run = (role: Role, sql: string, via?: string) =>
    asUser(db, claimsFor(role), async (tx) => {
      // As inside the function the table is written through (it sets app.writer).
      if (via) await tx.query(`select set_config('app.writer', $1, true)`, [via])
      return tx.query<{ n: number }>(sql)
    })

  const statement = (key: string, op: Op) => {
    const entry = TABLES[key]!
    const [table, where] = [tableOf(key), whereOf(key)]
    return {
      select: `select count(*)::int as n from ${table}${where}`,
      insert: `with c as (${entry.sample} returning 1) select count(*)::int as n from c`,
      update: `with c as (update ${table} set ${entry.touch}${where} returning 1) select count(*)::int as n from c`,
      delete: `with c as (delete from ${table}${where} returning 1) select count(*)::int as n from c`,
    }[op]
  }

  it.each(tableCells)('%s: %s as %s → %s', async (table, op, role, expected) => {
    const entry = TABLES[table]!
    const total = totals.get(table)
    expect(total, `${table} is not in the database`).toBeDefined()
    const rows = (n: number): RowsAnswer => (n === 0 ? 'none' : n === total ? 'all' : 'some')
    const answer = await run(role, statement(table, op), entry.via).then(
      ([row]) => (op === 'insert' ? 'allow' : rows(row!.n)),
      refusal,
    )
    expect(answer).toBe(expected)
  })

  it.each(directCells)('%s: direct %s as %s (the REST path) → deny', async (table, op, role) => {
    const answer = await run(role, statement(table, op)).then(() => 'allow', refusal)
    expect(answer).toBe('deny')
  })

  it.each(functionCells)('%s: execute as %s → %s', async (fn, role, expected) => {
    const entry = FUNCTIONS[fn]!
    const oid = oids.get(fn)
    expect(oid, `${fn} is not in the database`).toBeDefined()
    let answer: string
    if (entry.call === null) {
      // A trigger function cannot be called; what matters is that nobody may execute it.
      const [row] = await asUser(db, claimsFor(role), (tx) =>
        tx.query<{ ok: boolean }>(`select has_function_privilege($1::oid, 'execute') as ok`, [oid]),
      )
      answer = row!.ok ? 'allow' : 'deny'
    } else {
      answer = await run(role, `select ${entry.call}`).then(
        () => 'allow',
        (error: { code?: string; message?: string }) =>
          error.code === '42501' &&
          /^permission denied for (function|schema)/.test(error.message ?? '')
            ? 'deny'
            : error.code === '42501'
              ? 'refuse 42501'
              : refusal(error),
      )
    }
    expect(answer).toBe(expected)
  })
})

// What a database's schema is, read from its catalog: every table, column, constraint, index,
// function, trigger, policy, grant, publication and the registry rows the migrations insert, in a
// form two databases can be compared by (names and definitions, never oids). Tests use it to hold
// supabase/schemas/ and supabase/migrations/ equal, and to prove an upgraded database is level
// with a fresh one.
import type { Queryable } from '../../../supabase/local/db.ts'

/** Schemas the catalog leaves out: PostgreSQL's own and the migration record. */
const SKIPPED = `('pg_catalog', 'information_schema', 'pg_toast', 'supabase_migrations')`
const IN_SCOPE = `nspname not in ${SKIPPED} and nspname not like 'pg_temp%' and nspname not like 'pg_toast_temp%'`

/** One section of the catalog: the key of each entry and what it must equal. */
export type Section = Record<string, unknown>
export type Catalog = Record<string, Section>

const QUERIES: Record<string, string> = {
  schemas: `
    select nspname as key, jsonb_build_object('owner', nspowner::regrole::text,
             'acl', coalesce(nspacl::text[], '{}')) as value
      from pg_namespace where ${IN_SCOPE}`,
  relations: `
    select n.nspname || '.' || c.relname as key,
           jsonb_build_object('kind', c.relkind, 'owner', c.relowner::regrole::text,
             'rls', c.relrowsecurity, 'force_rls', c.relforcerowsecurity,
             'acl', coalesce((select array_agg(a::text order by a::text) from unnest(c.relacl) a), '{}'),
             'options', coalesce(c.reloptions, '{}'),
             'view', case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end,
             'partition', case when c.relispartition then pg_get_expr(c.relpartbound, c.oid) end) as value
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${IN_SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  columns: `
    select n.nspname || '.' || c.relname || '.' || a.attname as key,
           jsonb_build_object(
             'position', row_number() over (partition by c.oid order by a.attnum),
             'type', format_type(a.atttypid, a.atttypmod), 'not_null', a.attnotnull,
             'default', pg_get_expr(d.adbin, d.adrelid), 'identity', a.attidentity,
             'generated', a.attgenerated,
             'acl', coalesce((select array_agg(x::text order by x::text) from unnest(a.attacl) x), '{}')) as value
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${IN_SCOPE} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0
       and not a.attisdropped`,
  constraints: `
    select n.nspname || '.' || c.relname || '.' || k.conname as key,
           to_jsonb(pg_get_constraintdef(k.oid)) as value
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${IN_SCOPE} and k.contype <> 'n'`,
  indexes: `
    select n.nspname || '.' || i.relname as key, to_jsonb(pg_get_indexdef(i.oid)) as value
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = i.relnamespace
     where ${IN_SCOPE}`,
  functions: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
           jsonb_build_object('owner', p.proowner::regrole::text,
             'acl', coalesce((select array_agg(a::text order by a::text) from unnest(p.proacl) a), '{}'),
             'definition', case when p.prokind in ('f', 'p', 'w') then pg_get_functiondef(p.oid) end,
             'kind', p.prokind) as value
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${IN_SCOPE}`,
  triggers: `
    select n.nspname || '.' || c.relname || '.' || t.tgname as key,
           jsonb_build_object('definition', pg_get_triggerdef(t.oid), 'enabled', t.tgenabled) as value
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${IN_SCOPE} and not t.tgisinternal`,
  event_triggers: `
    select evtname as key, jsonb_build_object('event', evtevent, 'function', evtfoid::regproc::text,
             'tags', evttags, 'enabled', evtenabled) as value
      from pg_event_trigger`,
  policies: `
    select schemaname || '.' || tablename || '.' || policyname as key,
           jsonb_build_object('permissive', permissive, 'roles', roles, 'cmd', cmd,
             'using', qual, 'check', with_check) as value
      from pg_policies where schemaname not in ${SKIPPED}`,
  types: `
    select n.nspname || '.' || t.typname as key,
           jsonb_build_object('kind', t.typtype,
             'labels', (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid),
             'base', case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end,
             'not_null', t.typnotnull,
             'checks', (select array_agg(pg_get_constraintdef(k.oid) order by k.conname)
                          from pg_constraint k where k.contypid = t.oid)) as value
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${IN_SCOPE} and t.typtype in ('e', 'd')`,
  sequences: `
    select n.nspname || '.' || c.relname as key,
           jsonb_build_object('type', format_type(s.seqtypid, null), 'start', s.seqstart,
             'increment', s.seqincrement, 'min', s.seqmin, 'max', s.seqmax, 'cycle', s.seqcycle) as value
      from pg_sequence s join pg_class c on c.oid = s.seqrelid
      join pg_namespace n on n.oid = c.relnamespace
     where ${IN_SCOPE}`,
  default_privileges: `
    select coalesce(n.nspname, '*') || '.' || d.defaclrole::regrole::text || '.' || d.defaclobjtype::text as key,
           to_jsonb((select array_agg(a::text order by a::text) from unnest(d.defaclacl) a)) as value
      from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`,
  publications: `
    select p.pubname as key,
           jsonb_build_object('all_tables', p.puballtables, 'insert', p.pubinsert,
             'update', p.pubupdate, 'delete', p.pubdelete,
             'tables', (select array_agg(r.prrelid::regclass::text order by r.prrelid::regclass::text)
                          from pg_publication_rel r where r.prpubid = p.oid)) as value
      from pg_publication p`,
  extensions: `
    select e.extname as key, to_jsonb(n.nspname) as value
      from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  role_settings: `
    select coalesce(r.rolname, '*') || '@' || coalesce(d.datname, '*') as key,
           to_jsonb(s.setconfig) as value
      from pg_db_role_setting s
      left join pg_roles r on r.oid = s.setrole
      left join pg_database d on d.oid = s.setdatabase
     where s.setdatabase = 0 or d.datname = current_database()`,
}

/**
 * Rows the migrations themselves insert and the app depends on: the sync registry and the
 * storage buckets. Business rows (members, payments, ...) are data, not schema.
 */
const REGISTRY_ROWS: Record<string, string> = {
  sync_collections: `select name as key, to_jsonb(c) - 'name' as value from app.sync_collections c`,
  buckets: `
    select id as key, jsonb_build_object('public', public, 'file_size_limit', file_size_limit,
             'allowed_mime_types', allowed_mime_types) as value
      from storage.buckets`,
}

async function section(db: Queryable, sql: string): Promise<Section> {
  const rows = await db.query<{ key: string; value: unknown }>(sql)
  const out: Section = {}
  for (const row of rows.sort((a, b) => a.key.localeCompare(b.key))) out[row.key] = row.value
  return out
}

/** The catalog of the database `db` is connected to. */
export async function catalogOf(db: Queryable): Promise<Catalog> {
  const catalog: Catalog = {}
  for (const [name, sql] of Object.entries(QUERIES)) catalog[name] = await section(db, sql)
  const [present] = await db.query<{ registry: boolean; buckets: boolean }>(
    `select to_regclass('app.sync_collections') is not null as registry,
            to_regclass('storage.buckets') is not null as buckets`,
  )
  if (present?.registry)
    catalog.sync_collections = await section(db, REGISTRY_ROWS.sync_collections!)
  if (present?.buckets) catalog.buckets = await section(db, REGISTRY_ROWS.buckets!)
  return catalog
}

/**
 * Where two catalogs differ, one line per entry: `section key: only in a`, `only in b`, or
 * `differs` with both values. Empty when they are equal.
 */
export function catalogDiff(a: Catalog, b: Catalog, names = ['a', 'b']): string[] {
  const lines: string[] = []
  const sections = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  for (const name of sections) {
    const left = a[name] ?? {}
    const right = b[name] ?? {}
    const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()
    for (const key of keys) {
      if (!(key in right)) lines.push(`${name} ${key}: only in ${names[0]}`)
      else if (!(key in left)) lines.push(`${name} ${key}: only in ${names[1]}`)
      else if (JSON.stringify(left[key]) !== JSON.stringify(right[key]))
        lines.push(
          `${name} ${key}: differs\n  ${names[0]}: ${JSON.stringify(left[key])}\n  ${names[1]}: ${JSON.stringify(right[key])}`,
        )
    }
  }
  return lines
}

// The migrations on a database shaped like a Supabase project (tests/sql/support/supabase-shape.sql:
// Supabase's roles, `postgres` without superuser, auth/storage/realtime owned by the platform's
// roles), applied as `postgres` the way `supabase db push` does, then the three places where the
// app meets the platform: the access token hook as Supabase Auth calls it, a push with its poke
// into realtime.messages, and queued mail waking the dispatcher through pg_net with Vault's
// secrets. Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db, type Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { defaultMigrationsDir } from '../../supabase/local/migrate.ts'
import { seedFiles } from '../../supabase/local/seed.ts'
import { splitStatements } from '../../supabase/local/sql-split.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

const shapeFile = fileURLToPath(new URL('./support/supabase-shape.sql', import.meta.url))
const configFile = fileURLToPath(new URL('../../supabase/config.toml', import.meta.url))
const mailPathCheck = fileURLToPath(new URL('../../supabase/checks/mail-path.sql', import.meta.url))
/** The role Supabase calls `postgres` (see the shape file for why it has another name here). */
const POSTGRES = 'supabase_postgres'
const OUTBOX_URL = 'https://project-ref.supabase.co/functions/v1/outbox'
const OUTBOX_SECRET = 'dispatcher-secret-19'

const admin = demoAccounts.find((a) => a.label === 'admin')!

/** The deploying shell's environment (supabase/.env): no WhatsApp, so no `WHATSAPP_URL`. */
const DEPLOY_ENV: Record<string, string> = { OUTBOX_URL, OUTBOX_SECRET }

/**
 * What `supabase db push` stores in Vault from `[db.vault]` of supabase/config.toml: each
 * `name = "env(VARIABLE)"` with the variable's value; an entry whose variable is unset is skipped
 * (the CLI hashes only resolved values and stores only hashed ones: pkg/vault/batch.go).
 */
async function vaultSecrets(env: Record<string, string>): Promise<Record<string, string>> {
  const toml = await readFile(configFile, 'utf8')
  const section = /^\[db\.vault\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? ''
  const secrets: Record<string, string> = {}
  for (const line of section.split('\n')) {
    const entry = /^\s*([a-z_]+)\s*=\s*"env\(([A-Z0-9_]+)\)"/.exec(line)
    if (entry && env[entry[2]!]) secrets[entry[1]!] = env[entry[2]!]!
  }
  return secrets
}

/**
 * Runs `fn` in one transaction as `role` (SET LOCAL ROLE from the superuser's session), with the
 * role's settings for this database applied as PostgREST applies them when it takes a role
 * (Supabase's statement timeouts of `authenticated` and `anon`).
 */
function as<T>(db: Db, role: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true)`, [role])
    await tx.query(
      `select set_config(split_part(c, '=', 1), substr(c, strpos(c, '=') + 1), true)
         from pg_db_role_setting s, unnest(s.setconfig) c
        where s.setrole = (select oid from pg_roles where rolname = $1)
          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
      [role],
    )
    return fn(tx)
  })
}

const PLATFORM_ROLES = 'supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin'

/** Who may do what on the platform's tables and functions: a push must leave it as it was. */
async function platformPrivileges(db: Queryable): Promise<string> {
  const [row] = await db.query<{ acl: string }>(
    `select string_agg(x, ' | ' order by x) as acl from (
       select n.nspname || '.' || c.relname || ' ' || coalesce(c.relacl::text, '') as x
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('auth', 'storage', 'realtime')
       union all
       select n.nspname || '.' || p.proname || ' ' || coalesce(p.proacl::text, '')
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('auth', 'storage', 'realtime')
       union all
       select n.nspname || ' ' || coalesce(n.nspacl::text, '') from pg_namespace n
        where n.nspname in ('auth', 'storage', 'realtime')) t`,
  )
  return row!.acl
}

/** A role switch in a migration's text: on Supabase `postgres` cannot become the platform's roles. */
const ROLE_SWITCH =
  /^\s*set\s+(local\s+|session\s+)?(role|session\s+authorization)\b|execute\s+'set\s+(local\s+)?role\b|set_config\s*\(\s*'role'/i

/**
 * `supabase db push`: each migration as postgres in its own transaction, recorded in
 * supabase_migrations.schema_migrations. supautils' policy grants stand in as membership in the
 * platform's roles for the length of the push (inherited only, without SET, on PostgreSQL 16+);
 * a migration that switches role (which PostgreSQL 15 cannot refuse to a member) or changes a
 * privilege on the platform's objects is refused as Supabase would refuse it.
 */
async function dbPush(
  db: Db,
  migrations: Array<{ file: string; sql: string }>,
  vault: Record<string, string> = {},
): Promise<string[]> {
  const [server] = await db.query<{ version: number }>(
    `select current_setting('server_version_num')::int as version`,
  )
  await db.exec(
    server!.version >= 160000
      ? `grant ${PLATFORM_ROLES} to ${POSTGRES} with inherit true, set false`
      : `grant ${PLATFORM_ROLES} to ${POSTGRES}`,
  )
  const pushed: string[] = []
  try {
    await as(db, POSTGRES, (tx) =>
      tx.exec(`create schema if not exists supabase_migrations;
        create table if not exists supabase_migrations.schema_migrations (
          version text primary key, statements text[], name text)`),
    )
    // Before the migrations, the [db.vault] secrets: updated where Vault has the name, else created.
    if (migrations.length > 0)
      await as(db, POSTGRES, async (tx) => {
        for (const [name, value] of Object.entries(vault)) {
          const [found] = await tx.query<{ id: string }>(
            'select id from vault.secrets where name = $1',
            [name],
          )
          if (found) await tx.query('select vault.update_secret($1, $2)', [found.id, value])
          else await tx.query('select vault.create_secret($1, $2)', [value, name])
        }
      })
    for (const { file, sql } of migrations) {
      const [, version, name] = /^(\d+)_?(.*)\.sql$/.exec(file)!
      const before = await platformPrivileges(db)
      try {
        if (
          splitStatements(sql).some((statement) =>
            ROLE_SWITCH.test(statement.replace(/--[^\n]*/g, '')),
          )
        )
          throw new Error('it switches role, which postgres cannot do on Supabase')
        await as(db, POSTGRES, async (tx) => {
          await tx.exec(sql)
          if ((await platformPrivileges(tx)) !== before)
            throw new Error(
              "it changed privileges on the platform's objects, which postgres cannot grant on Supabase",
            )
          await tx.query(
            'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
            [version, name],
          )
        })
      } catch (error) {
        throw new Error(`${file} fails as postgres on Supabase: ${(error as Error).message}`, {
          cause: error,
        })
      }
      pushed.push(file)
    }
  } finally {
    await db.exec(`revoke ${PLATFORM_ROLES} from ${POSTGRES}`)
  }
  return pushed
}

describe.each(testDatabases())('migrations on a Supabase-shaped database on $name', (target) => {
  let database: FreshDatabase
  let db: Db
  const applied: string[] = []

  beforeAll(async () => {
    database = await target.fresh()
    db = await openDb({ url: database.url, memory: database.memory })
    await db.exec(await readFile(shapeFile, 'utf8'))
    const files = (await readdir(defaultMigrationsDir)).filter((f) => f.endsWith('.sql')).sort()
    const migrations = await Promise.all(
      files.map(async (file) => ({
        file,
        sql: await readFile(join(defaultMigrationsDir, file), 'utf8'),
      })),
    )
    applied.push(...(await dbPush(db, migrations, await vaultSecrets(DEPLOY_ENV))))
    // The demo accounts, seeded as postgres like `supabase db reset` seeds.
    await as(db, POSTGRES, async (tx) => {
      for (const file of await seedFiles()) await tx.exec(await readFile(file, 'utf8'))
    })
  })

  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  it('applies every migration as postgres, which is no superuser and owns none of the platform schemas', async () => {
    const files = (await readdir(defaultMigrationsDir)).filter((f) => f.endsWith('.sql')).sort()
    expect(applied).toEqual(files)
    const [shape] = await db.query<Record<string, unknown>>(
      `select r.rolsuper as postgres_super, r.rolbypassrls as postgres_bypassrls,
              (select rolsuper from pg_roles where rolname = 'supabase_admin') as admin_super,
              (select tableowner from pg_tables where schemaname = 'auth' and tablename = 'users') as users_owner,
              (select tableowner from pg_tables where schemaname = 'storage' and tablename = 'objects') as objects_owner,
              (select tableowner from pg_tables where schemaname = 'realtime' and tablename = 'messages') as messages_owner,
              (select nspowner::regrole::text from pg_namespace where nspname = 'realtime') as realtime_owner,
              (select proowner::regrole::text from pg_proc where oid = 'public.sync_push(text, jsonb)'::regprocedure) as sync_push_owner,
              (select count(*)::int from supabase_migrations.schema_migrations) as recorded
         from pg_roles r where r.rolname = $1`,
      [POSTGRES],
    )
    expect(shape).toEqual({
      postgres_super: false,
      postgres_bypassrls: true,
      admin_super: true,
      users_owner: 'supabase_auth_admin',
      objects_owner: 'supabase_storage_admin',
      messages_owner: 'supabase_realtime_admin',
      realtime_owner: 'supabase_admin',
      sync_push_owner: POSTGRES,
      recorded: files.length,
    })
  })

  it('refuses, as supautils does, changes by postgres to the platform tables other than policies', async () => {
    await expect(
      dbPush(db, [
        {
          file: '29990101000001_label.sql',
          sql: 'alter table storage.objects add column label text',
        },
      ]),
    ).rejects.toThrow(/ALTER TABLE of storage.objects needs the owner of the platform's schema/)
  })

  // What Supabase refuses `postgres` since 2024-25, each tried as a migration of its own and as a
  // request after the push: none may pass here either.
  it.each([
    ['taking a platform role', 'set role supabase_auth_admin', /it switches role/],
    [
      "dropping Storage's guard against SQL deletes",
      'drop trigger protect_objects_delete on storage.objects',
      /DROP of trigger protect_objects_delete on storage.objects needs the owner/,
    ],
    [
      'dropping auth.identities',
      'drop table auth.identities',
      /DROP of table auth.identities needs the owner/,
    ],
    [
      'giving visitors the accounts table',
      'grant select on auth.users to anon',
      /it changed privileges on the platform's objects/,
    ],
  ])('refuses %s in a migration', async (_what, sql, message) => {
    const before = await platformPrivileges(db)
    await expect(dbPush(db, [{ file: '29990101000002_probe.sql', sql }])).rejects.toThrow(message)
    expect(await platformPrivileges(db)).toBe(before)
    const [state] = await db.query<{ guard: boolean; identities: boolean; visible: boolean }>(
      `select exists (select from pg_trigger where tgname = 'protect_objects_delete') as guard,
              to_regclass('auth.identities') is not null as identities,
              has_table_privilege('anon', 'auth.users', 'select') as visible`,
    )
    expect(state).toEqual({ guard: true, identities: true, visible: false })
  })

  it('refuses postgres a platform role after the push', async () => {
    // SET ROLE asks whether the session's user may take the role, and the test's own session user
    // is a superuser who may take any: here the session itself is postgres's.
    const attempt = db.transaction(async (tx) => {
      await tx.exec(`set local session authorization ${POSTGRES}`)
      await tx.exec('set local role supabase_auth_admin')
    })
    try {
      await expect(attempt).rejects.toThrow(/permission denied to set role "supabase_auth_admin"/)
    } finally {
      // PGlite keeps a SET LOCAL SESSION AUTHORIZATION past the end of its transaction.
      if (db.kind === 'pglite') await db.exec('set session authorization postgres')
    }
  })

  it.each([
    [
      'drop trigger protect_objects_delete on storage.objects',
      /must be owner of (relation|table) objects/,
    ],
    ['drop table auth.identities', /must be owner of table identities/],
  ])('refuses postgres %s after the push', async (sql, message) => {
    await expect(as(db, POSTGRES, (tx) => tx.exec(sql))).rejects.toThrow(message)
  })

  it("gives requests Supabase's statement timeouts: 8 s signed in, 3 s for visitors", async () => {
    const timeouts = await Promise.all(
      ['authenticated', 'anon'].map((role) =>
        as(db, role, async (tx) => {
          const [row] = await tx.query<{ t: string }>(
            `select current_setting('statement_timeout') as t`,
          )
          return row!.t
        }),
      ),
    )
    expect(timeouts).toEqual(['8s', '3s'])
    // PGlite keeps the setting but runs without the timer that cancels a statement.
    if (target.name === 'postgres')
      await expect(as(db, 'anon', (tx) => tx.query('select pg_sleep(3.5)'))).rejects.toThrow(
        /canceling statement due to statement timeout/,
      )
  })

  it('leaves the images bucket with its policies and drops the empty public bucket', async () => {
    const buckets = await db.query<{ id: string }>('select id from storage.buckets order by id')
    expect(buckets.map((b) => b.id)).toContain('images')
    expect(buckets.map((b) => b.id)).not.toContain('public')
    const policies = await db.query<{ policyname: string }>(
      `select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects'
        and policyname like '%images bucket%'`,
    )
    expect(policies).toHaveLength(4)
  })

  it('runs the access token hook as Supabase Auth calls it and adds the member claims', async () => {
    const claims = {
      aud: 'authenticated',
      exp: 2000000000,
      iat: 1999996400,
      sub: admin.id,
      email: admin.email,
      role: 'authenticated',
      aal: 'aal1',
      session_id: '11111111-1111-4111-8111-111111111111',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    }
    const out = await as(db, 'supabase_auth_admin', async (tx) => {
      const [row] = await tx.query<{ out: { claims: Record<string, unknown> } }>(
        'select public.custom_access_token_hook($1::jsonb) as out',
        [JSON.stringify({ user_id: admin.id, claims, authentication_method: 'password' })],
      )
      return row!.out.claims
    })
    expect(out).toMatchObject({
      ...claims,
      app_role: 'admin',
      app_status: 'verified',
      is_system_admin: true,
      is_facilitator_admin: false,
      member_id: admin.id,
    })
    await expect(
      as(db, 'authenticated', (tx) =>
        tx.query('select public.custom_access_token_hook($1::jsonb)', [
          JSON.stringify({ user_id: admin.id, claims }),
        ]),
      ),
    ).rejects.toThrow(/permission denied/)
  })

  it('stores a push made through PostgREST as authenticated and pokes the private sync topic', async () => {
    const jwt = JSON.stringify({
      sub: admin.id,
      email: admin.email,
      role: 'authenticated',
      aud: 'authenticated',
    })
    const asMember = <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [jwt],
        )
        return fn(tx)
      })
    const [before] = await db.query<{ n: number }>(
      'select count(*)::int as n from realtime.messages',
    )
    const pulled = await asMember(async (tx) => {
      const [row] = await tx.query<{ r: { documents: Array<Record<string, unknown>> } }>(
        `select public.sync_pull('reference', null, 500) as r`,
      )
      return row!.r.documents.find((d) => d.id === 'rs-art')!
    })
    const edited = { ...pulled, data: { ...(pulled.data as object), name: 'Art on Supabase' } }
    const result = await asMember(async (tx) => {
      const [row] = await tx.query<{ r: unknown }>('select public.sync_push($1, $2::jsonb) as r', [
        'reference',
        JSON.stringify([{ newDocumentState: edited, assumedMasterState: pulled }]),
      ])
      return row!.r
    })
    expect(result).toEqual({ conflicts: [], refused: [] })
    const [stored] = await db.query<{ name: string; updated_by: string }>(
      `select data->>'name' as name, updated_by::text from public.reference where id = 'rs-art'`,
    )
    expect(stored).toEqual({ name: 'Art on Supabase', updated_by: admin.id })
    const pokes = await db.query<Record<string, unknown>>(
      `select topic, event, private, extension, payload from realtime.messages
        order by inserted_at offset $1`,
      [before!.n],
    )
    expect(pokes).toEqual([
      {
        topic: 'sync',
        event: 'poke',
        private: true,
        extension: 'broadcast',
        payload: { collection: 'reference' },
      },
    ])
    // A direct write through /rest/v1 is still refused for the same member.
    await expect(
      asMember((tx) => tx.query(`update public.reference set data = data where id = 'rs-art'`)),
    ).rejects.toThrow(/through the app's sync/)
  })

  it('wakes the outbox function through pg_net with the address and secret kept in Vault', async () => {
    await as(db, POSTGRES, (tx) =>
      tx.query(
        `insert into public.email_outbox (recipients, subject, html_body)
         values ('{parent@family.test}', 'Trial day', '<p>Welcome</p>'),
                ('{other@family.test}', 'Trial day', '<p>Welcome</p>')`,
      ),
    )
    const calls = await db.query<{ url: string; headers: Record<string, string>; body: unknown }>(
      'select url, headers, body from net.http_calls order by id',
    )
    expect(calls).toEqual([
      {
        url: OUTBOX_URL,
        body: {},
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${OUTBOX_SECRET}` },
      },
    ])
  })

  // pg_net's worker: each request sent so far gets the given answer in net._http_response.
  const answerCalls = (status: number, content: string) =>
    db.query(
      `insert into net._http_response (id, status_code, content_type, content, timed_out)
       select c.id, $1, 'application/json', $2, false from net.http_calls c
        where not exists (select 1 from net._http_response r where r.id = c.id)`,
      [status, content],
    )
  const callCount = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from net.http_calls'))[0]!.n

  /** pg_cron: runs a job's command as the role that scheduled it and records the run. */
  async function runJob(name: string): Promise<unknown> {
    const [job] = await db.query<{ jobid: number; command: string; username: string }>(
      'select jobid, command, username from cron.job where jobname = $1 and active',
      [name],
    )
    if (!job) throw new Error(`no active job ${name}`)
    const started = new Date()
    const rows = await as(db, job.username, (tx) => tx.query<Record<string, unknown>>(job.command))
    await db.query(
      `insert into cron.job_run_details (jobid, database, username, command, status, return_message,
                                         start_time, end_time)
       values ($1, current_database(), $2, $3, 'succeeded', $4, $5, now())`,
      [job.jobid, job.username, job.command, `${rows.length} row`, started],
    )
    return rows[0] ? Object.values(rows[0])[0] : undefined
  }

  const asAdmin = <T>(fn: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
        [JSON.stringify({ sub: admin.id, email: admin.email, role: 'authenticated' })],
      )
      return fn(tx)
    })

  it('stores the [db.vault] secrets of config.toml from the environment and skips an unset one', async () => {
    const stored = await db.query<{ name: string; decrypted_secret: string }>(
      'select name, decrypted_secret from vault.decrypted_secrets order by name',
    )
    expect(stored).toEqual([
      { name: 'outbox_secret', decrypted_secret: OUTBOX_SECRET },
      { name: 'outbox_url', decrypted_secret: OUTBOX_URL },
    ])
    // A second push with migrations to apply updates them in place.
    await dbPush(db, [{ file: '29990101000003_noop.sql', sql: 'select 1' }], {
      outbox_secret: `${OUTBOX_SECRET}-rotated`,
    })
    await dbPush(db, [{ file: '29990101000004_noop.sql', sql: 'select 1' }], {
      outbox_secret: OUTBOX_SECRET,
    })
    expect(
      await db.query('select count(*)::int as n from vault.secrets where name = $1', [
        'outbox_secret',
      ]),
    ).toEqual([{ n: 1 }])
  })

  it('schedules each scheduled task as a pg_cron job of its name, as postgres', async () => {
    expect(
      await db.query('select jobname, schedule, command, username from cron.job order by jobname'),
    ).toEqual(
      [
        ['database-backup', '30 20 * * *'],
        ['document-expiry', '30 1 * * *'],
        ['outbox-retries', '* * * * *'],
        ['prune', '0 22 * * *'],
        ['whatsapp-windows', '*/15 * * * *'],
      ].map(([jobname, schedule]) => ({
        jobname,
        schedule,
        command: `select app.run_scheduled_task('${jobname}')`,
        username: POSTGRES,
      })),
    )
  })

  it('calls a dispatcher from its job only when Vault holds its address and something is due', async () => {
    // Whatever earlier tests queued has been sent.
    await as(db, 'service_role', async (tx) => {
      for (const row of await tx.query<{ id: string; recipients: string[] }>(
        'select id, recipients from public.outbox_claim(100, 300)',
      ))
        await tx.query(`select public.outbox_record_send($1, '<m@test>', $2, '[]')`, [
          row.id,
          row.recipients,
        ])
    })
    let calls = await callCount()
    expect(await runJob('outbox-retries')).toMatchObject({
      last_result: 'success',
      last_message: 'Nothing was waiting.',
    })
    expect(await callCount()).toBe(calls)

    // A message whose retry has come due: one call, kept as the job's last call.
    await db.query(
      `insert into public.email_outbox (id, recipients, subject, html_body, attempts, next_attempt_at)
       values ('mail-retry', '{parent@family.test}', 'Retry', '<p>x</p>', 1, now() + interval '1 hour')`,
    )
    calls = await callCount()
    await runJob('outbox-retries')
    expect(await callCount()).toBe(calls)
    await db.query(
      `update public.email_outbox set next_attempt_at = now() - interval '1 second' where id = 'mail-retry'`,
    )
    expect(await runJob('outbox-retries')).toMatchObject({
      last_result: 'success',
      last_message: '1 e-mail and 0 WhatsApp messages due: the senders were woken.',
    })
    expect(await callCount()).toBe(calls + 1)
    const [last] = await db.query<{ id: number }>('select max(id)::int as id from net.http_calls')
    expect(
      await db.query('select dispatcher, request_id::int as request_id from app.dispatcher_calls'),
    ).toEqual([{ dispatcher: 'outbox', request_id: last!.id }])
    await db.query(`delete from public.email_outbox where id = 'mail-retry'`)

    // WhatsApp without its address in Vault (a centre that never set it up): no call, even with a
    // message waiting; with the address, one.
    await db.query(
      `insert into public.whatsapp (id, kind, wa_id, data) values
         ('wa-919000000077', 'number', '919000000077', '{"name": "Shape Parent", "status": "Active"}'),
         ('wm-shape', 'message', '919000000077', '{"direction": "out", "body": "Hello", "mode": "template"}')`,
    )
    calls = await callCount()
    await runJob('outbox-retries')
    expect(await callCount()).toBe(calls)
    await dbPush(db, [{ file: '29990101000005_noop.sql', sql: 'select 1' }], {
      whatsapp_url: 'https://project-ref.supabase.co/functions/v1/whatsapp',
    })
    await runJob('outbox-retries')
    expect(await callCount()).toBe(calls + 1)
    await db.query(`delete from vault.secrets where name = 'whatsapp_url'`)
  })

  it("prunes pg_cron's run history older than a week, once a day", async () => {
    await db.query(
      `insert into cron.job_run_details (jobid, username, command, status, start_time, end_time)
       select 1, $1, 'select app.retry_outbox()', 'succeeded', t, t + interval '1 second'
         from generate_series(now() - interval '10 days', now(), interval '6 hours') t`,
      [POSTGRES],
    )
    await runJob('prune')
    const [left] = await db.query<{ oldest: boolean; n: number }>(
      `select bool_and(end_time >= now() - interval '7 days') as oldest, count(*)::int as n
         from cron.job_run_details`,
    )
    expect(left!.oldest).toBe(true)
    expect(left!.n).toBeGreaterThan(20)
  })

  it("runs the deployment guide's check of the real mail path", async () => {
    const statements = splitStatements(await readFile(mailPathCheck, 'utf8'))
    expect(statements).toHaveLength(5)
    const results: Array<Array<Record<string, unknown>>> = []
    for (const statement of statements.map((s) => s.replace(/^(\s*--[^\n]*\n)*/, ''))) {
      if (/^select pg_sleep/.test(statement)) {
        // The wait: pg_net's worker calls the function, which sends the mail and answers.
        await as(db, 'service_role', async (tx) => {
          for (const row of await tx.query<{ id: string; recipients: string[] }>(
            'select id, recipients from public.outbox_claim(100, 300)',
          ))
            await tx.query(`select public.outbox_record_send($1, '<m@test>', $2, '[]')`, [
              row.id,
              row.recipients,
            ])
        })
        await answerCalls(200, '{"type":"success","message":"Sent 1, retrying 0, failed 0"}')
        continue
      }
      // psql's :'to', as psql substitutes it: a quoted literal.
      const sql = statement.replaceAll(":'to'", "'admin@centre.test'")
      results.push(await as(db, POSTGRES, (tx) => tx.query<Record<string, unknown>>(sql)))
    }
    const [, jobs, answers, mail] = results
    expect(jobs!.map((j) => [j.jobname, j.active])).toEqual([
      ['database-backup', true],
      ['document-expiry', true],
      ['outbox-retries', true],
      ['prune', true],
      ['whatsapp-windows', true],
    ])
    expect(answers![0]).toMatchObject({
      status_code: 200,
      answer: expect.stringContaining('Sent 1'),
    })
    expect(mail).toEqual([
      {
        status: 'sent',
        attempts: 1,
        last_error: null,
        deliveries: { 'admin@centre.test': { status: 'sent', at: expect.any(String) } },
      },
    ])
  })

  it('tells the admins that queued mail is not leaving, and what the dispatcher answered', async () => {
    const list = () =>
      asAdmin(async (tx) => {
        const [row] = await tx.query<{ r: { stalled: Record<string, unknown> | null } }>(
          'select public.admin_list_emails(null, 0) as r',
        )
        return row!.r.stalled
      })
    expect(await list()).toBeNull()
    await db.query(
      `insert into public.email_outbox (id, recipients, subject, html_body, created_at, next_attempt_at)
       values ('mail-stalled', '{parent@family.test}', 'Waiting', '<p>x</p>',
               now() - interval '12 minutes', now() - interval '12 minutes')`,
    )
    // The job calls the function with a secret it does not know.
    await runJob('outbox-retries')
    await answerCalls(403, '{"type":"error","message":"Only the server can dispatch mail"}')
    expect(await list()).toEqual({
      count: 1,
      since: expect.any(String),
      wakeUp: {
        mode: 'pg_net',
        configured: true,
        scheduled: true,
        lastCall: {
          at: expect.any(String),
          status: 403,
          timedOut: false,
          error: null,
          answer: '{"type":"error","message":"Only the server can dispatch mail"}',
        },
      },
    })
    // Without the address in Vault the database cannot wake anyone, and says so.
    await db.query(`update vault.secrets set secret = 'env(OUTBOX_URL)' where name = 'outbox_url'`)
    expect(await list()).toMatchObject({ wakeUp: { mode: 'pg_net', configured: false } })
    await db.query(`update vault.secrets set secret = $1 where name = 'outbox_url'`, [OUTBOX_URL])
  })
})

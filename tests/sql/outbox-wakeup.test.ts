// What wakes the e-mail dispatcher on Supabase (pg_net on insert, pg_cron every minute, address
// and secret from Vault), and that the same migration applies and stays silent where none of
// those exist (the local host, PGlite, a plain PostgreSQL server). The Supabase side is played by
// stand-ins with Supabase's signatures: `vault.decrypted_secrets`, `net.http_post` and
// `cron.schedule` and `cron.unschedule`, which record what they are asked to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

const SUPABASE_STAND_INS = `
create schema vault;
create table vault.secrets (name text primary key, decrypted_secret text not null);
create view vault.decrypted_secrets as select name, decrypted_secret from vault.secrets;
create schema net;
create table net.calls (id bigserial primary key, url text, body jsonb, headers jsonb, timeout_milliseconds int);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
  headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds int default 5000)
returns bigint language sql as $$
  insert into net.calls (url, body, headers, timeout_milliseconds)
  values (url, body, headers, timeout_milliseconds) returning id
$$;
create schema cron;
create table cron.job (jobname text primary key, schedule text, command text);
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language sql as $$
  insert into cron.job values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning 1::bigint
$$;
create function cron.unschedule(job_name text) returns boolean
language sql as $$
  with gone as (delete from cron.job j where j.jobname = job_name returning 1)
  select count(*) > 0 from gone
$$;
`

const queue = (db: Db, subjects: string[]) =>
  db.query(
    `insert into public.email_outbox (recipients, subject, html_body)
     select array['parent@family.test'], s, '<p>x</p>' from unnest($1::text[]) s`,
    [subjects],
  )

describe.each(testDatabases())('outbox wake-up on $name', (target) => {
  describe('where pg_net, pg_cron and Vault do not exist', () => {
    let database: FreshDatabase
    let db: Db
    beforeAll(async () => {
      database = await target.fresh()
      db = await openDb({ url: database.url, memory: database.memory })
      await migrate(db)
    })
    afterAll(async () => {
      await db?.close()
      await database?.drop()
    })

    it('applies, schedules nothing and sends nothing, and queued mail still NOTIFYs', async () => {
      const [row] = await db.query<{ net: boolean; cron: boolean }>(
        `select to_regnamespace('net') is not null as net, to_regnamespace('cron') is not null as cron`,
      )
      expect(row).toEqual({ net: false, cron: false })
      const heard: string[] = []
      const stop = await db.listen('email_outbox', (id) => heard.push(id))
      const [queued] = await db.query<{ id: string }>(
        `insert into public.email_outbox (recipients, subject, html_body)
         values ('{parent@family.test}', 'Trial day', '<p>x</p>') returning id`,
      )
      await expect.poll(() => heard).toContain(queued!.id)
      await stop()
      const [woken] = await db.query<{ id: string | null }>('select app.wake_outbox() as id')
      expect(woken!.id).toBeNull()
    })
  })

  describe('on a database with Supabase Vault, pg_net and pg_cron', () => {
    let database: FreshDatabase
    let db: Db
    const calls = () =>
      db.query<{ url: string; body: unknown; headers: Record<string, string> }>(
        'select url, body, headers from net.calls order by id',
      )

    beforeAll(async () => {
      database = await target.fresh()
      db = await openDb({ url: database.url, memory: database.memory })
      await db.exec(SUPABASE_STAND_INS)
      await migrate(db)
    })
    afterAll(async () => {
      await db?.close()
      await database?.drop()
    })

    it('schedules each scheduled task as a pg_cron job of its name that runs and records it', async () => {
      expect(
        await db.query('select jobname, schedule, command from cron.job order by jobname'),
      ).toEqual([
        {
          jobname: 'database-backup',
          schedule: '30 20 * * *',
          command: "select app.run_scheduled_task('database-backup')",
        },
        {
          jobname: 'document-expiry',
          schedule: '30 1 * * *',
          command: "select app.run_scheduled_task('document-expiry')",
        },
        {
          jobname: 'outbox-retries',
          schedule: '* * * * *',
          command: "select app.run_scheduled_task('outbox-retries')",
        },
        {
          jobname: 'prune',
          schedule: '0 22 * * *',
          command: "select app.run_scheduled_task('prune')",
        },
        {
          jobname: 'whatsapp-windows',
          schedule: '*/15 * * * *',
          command: "select app.run_scheduled_task('whatsapp-windows')",
        },
      ])
    })

    it('the retry job calls nobody while Vault lacks the address, even with mail due', async () => {
      await queue(db, ['Due before the secrets'])
      expect(await db.query('select app.retry_outbox() as id')).toEqual([{ id: null }])
      expect(await calls()).toEqual([])
    })

    it('sends nothing until the address and the secret are in Vault', async () => {
      await queue(db, ['Before the secrets'])
      expect(await calls()).toEqual([])
    })

    it('calls the outbox function once per statement that queues mail, with the secret', async () => {
      await db.exec(`
        insert into vault.secrets values
          ('outbox_url', 'https://abc.supabase.co/functions/v1/outbox'),
          ('outbox_secret', 'dispatcher-secret-1');
        truncate net.calls;`)
      await queue(db, ['One', 'Two', 'Three'])
      await queue(db, ['Four'])
      const made = await calls()
      expect(made).toHaveLength(2)
      expect(made[0]).toEqual({
        url: 'https://abc.supabase.co/functions/v1/outbox',
        body: {},
        headers: {
          'Content-Type': 'application/json',
          Authorization: 'Bearer dispatcher-secret-1',
        },
      })
    })

    it('wakes the WhatsApp dispatcher at its own address, with the same secret, once per statement', async () => {
      await db.exec(`
        insert into vault.secrets values
          ('whatsapp_url', 'https://abc.supabase.co/functions/v1/whatsapp');
        truncate net.calls;`)
      expect(await db.query('select app.wake_whatsapp() is not null as woke')).toEqual([
        { woke: true },
      ])
      expect(await calls()).toEqual([
        {
          url: 'https://abc.supabase.co/functions/v1/whatsapp',
          body: {},
          headers: {
            'Content-Type': 'application/json',
            Authorization: 'Bearer dispatcher-secret-1',
          },
        },
      ])
      await db.exec(`delete from vault.secrets where name = 'whatsapp_url'; truncate net.calls;`)
      expect(await db.query('select app.wake_whatsapp() as id')).toEqual([{ id: null }])
      expect(await calls()).toEqual([])
    })

    it('wakes it when a failed message is queued again, never for the dispatcher’s own updates', async () => {
      await db.exec('truncate net.calls')
      const claimed = await db.query<{ id: string }>('select id from public.outbox_claim(10, 300)')
      expect(claimed.length).toBeGreaterThan(0)
      for (const { id } of claimed)
        await db.query(`select public.outbox_mark_failed($1, '550 no such mailbox', false)`, [id])
      expect(await calls()).toEqual([])

      await db.query(
        `update public.email_outbox set status = 'queued', next_attempt_at = now() where id = $1`,
        [claimed[0]!.id],
      )
      expect(await calls()).toHaveLength(1)
    })
  })
})

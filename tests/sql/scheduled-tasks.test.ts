// The centre's recurring jobs (F32): one table that pg_cron and the local host's scheduler both
// run through app.run_scheduled_task; admins read it and run a job now; a failed run is recorded
// with its reason and raised as a System Error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
interface Task {
  name: string
  label: string
  everyMinutes: number | null
  dailyAt: string | null
  nextRunAt: string
  lastStartedAt: string | null
  lastDurationMs: number | null
  lastResult: 'success' | 'failed' | null
  lastMessage: string | null
  lastRunBy: string | null
  runs: number
  keepDays: number | null
}

class Rollback extends Error {}

describe.each(testDatabases())('scheduled tasks on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const list = (who: TestClaims = by('admin')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (await tx.query<{ r: Task[] }>('select public.admin_scheduled_tasks() as r'))[0]!.r,
    )
  const runNow = (task: string, who: TestClaims = by('admin')) =>
    asUser(
      db,
      who,
      async (tx) =>
        (
          await tx.query<{ r: { type: string; message: string; task: string } }>(
            'select public.admin_run_scheduled_task($1) as r',
            [task],
          )
        )[0]!.r,
      { commit: true },
    )
  const task = async (name: string) => (await list()).find((t) => t.name === name)!

  it('lists every job in order with its schedule and next run, to admins only', async () => {
    const tasks = await list()
    expect(tasks.map((t) => [t.name, t.everyMinutes, t.dailyAt])).toEqual([
      ['outbox-retries', 1, null],
      ['whatsapp-windows', 15, null],
      ['prune', null, '03:30'],
      ['document-expiry', null, '07:00'],
      ['database-backup', null, '02:00'],
    ])
    for (const t of tasks) expect(t.label.length).toBeGreaterThan(0)
    await expect(list(by('administration'))).rejects.toThrow(
      'Only admins can read the scheduled tasks',
    )
    await expect(list(by('guardian'))).rejects.toThrow('Only admins can read the scheduled tasks')
    await expect(runNow('prune', by('facilitator'))).rejects.toThrow(
      'Only admins can run scheduled tasks',
    )
    await expect(runNow('no-such-job')).rejects.toThrow(
      'There is no scheduled task called "no-such-job".',
    )
  })

  it('the backup job asks the host, which records the outcome; admins set how long backups are kept', async () => {
    const heard: string[] = []
    const stop = await db.listen('database_backup', (payload) => heard.push(payload))
    const answer = await runNow('database-backup')
    expect(answer.message).toBe(
      'Database backup: The server is making the backup: its size shows here when it is written.',
    )
    await expect.poll(() => heard).toEqual(['run'])
    await stop()
    await db.query(
      `select app.record_host_task('database-backup', now() - interval '2 seconds', null, 'Backup x: 3.1 MB')`,
    )
    expect(await task('database-backup')).toMatchObject({
      lastResult: 'success',
      lastMessage: 'Backup x: 3.1 MB',
      keepDays: 14,
    })
    expect((await task('database-backup')).lastDurationMs).toBeGreaterThanOrEqual(2000)
    await db.query(
      `select app.record_host_task('database-backup', now(), 'pg_dump was not found', null)`,
    )
    expect(await task('database-backup')).toMatchObject({
      lastResult: 'failed',
      lastMessage: 'pg_dump was not found',
    })
    const [error] = await db.query<{ message: string }>(
      `select message from public.system_errors where details ->> 'task' = 'database-backup'`,
    )
    expect(error?.message).toBe(
      'The scheduled task "Database backup" failed: pg_dump was not found',
    )
    await db.query(`delete from public.system_errors where details ->> 'task' = 'database-backup'`)

    const keep = (task: string, days: number, who: TestClaims = by('admin')) =>
      asUser(
        db,
        who,
        async (tx) => {
          await tx.query('select public.admin_set_task_keep_days($1, $2)', [task, days])
        },
        { commit: true },
      )
    await keep('database-backup', 30)
    expect((await task('database-backup')).keepDays).toBe(30)
    expect((await task('prune')).keepDays).toBeNull()
    await expect(keep('database-backup', 0)).rejects.toThrow('Keep them between 1 and 3650 days.')
    await expect(keep('prune', 30)).rejects.toThrow('The task "prune" keeps nothing.')
    await expect(keep('database-backup', 7, by('facilitator'))).rejects.toThrow(
      'Only admins can change the scheduled tasks',
    )
    await keep('database-backup', 14)
  })

  it('"Run now" runs the job on the server and records when, how long, how and by whom', async () => {
    await db.query(
      `insert into public.email_outbox (id, sender, recipients, subject, html_body, email_type, email_trigger, status)
       values ('mail-task-due', 'office@demo.school', array['parent@demo.school'], 'Due', '<p>x</p>', 'Webmail', 'tasks', 'queued')`,
    )
    const answer = await runNow('outbox-retries')
    expect(answer).toEqual({
      type: 'success',
      task: 'outbox-retries',
      message: expect.stringMatching(
        /^Retry the outbox: \d+ e-mails? and \d+ WhatsApp messages? due: the senders were woken\.$/,
      ),
    })
    const ran = await task('outbox-retries')
    expect(ran.lastResult).toBe('success')
    expect(ran.runs).toBe(1)
    expect(ran.lastDurationMs).toBeGreaterThanOrEqual(0)
    expect(ran.lastRunBy).toBeTruthy()
    expect(Date.parse(ran.nextRunAt)).toBeGreaterThan(Date.parse(ran.lastStartedAt!))
    await db.query(`delete from public.email_outbox where id = 'mail-task-due'`)
  })

  it('a failed run is recorded with its reason, raised as a System Error, and its work undone', async () => {
    await db
      .transaction(async (tx: Queryable) => {
        await tx.exec(`
          create or replace function app.task_prune() returns text
          language plpgsql security definer set search_path = '' as $$
          begin
            delete from public.system_warnings;
            raise exception 'the disk is full';
          end; $$;
          insert into public.system_warnings (source, message) values ('tasks', 'kept');`)
        const [ran] = await tx.query<{ r: { last_result: string; last_message: string } }>(
          `select app.run_scheduled_task('prune') as r`,
        )
        expect(ran!.r).toMatchObject({ last_result: 'failed', last_message: 'the disk is full' })
        const errors = await tx.query<{ message: string }>(
          `select message from public.system_errors where source = 'scheduled task'`,
        )
        expect(errors.map((e) => e.message)).toEqual([
          'The scheduled task "Prune what is past its keeping time" failed: the disk is full',
        ])
        const kept = await tx.query(
          `select 1 from public.system_warnings where source = 'tasks' and message = 'kept'`,
        )
        expect(kept).toHaveLength(1)
        throw new Rollback()
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e
      })
  })

  it('the scheduler runs the jobs whose time has come, and then sets their next run', async () => {
    await db.query(
      `update app.scheduled_tasks set next_run_at = now() - interval '1 minute' where name = 'prune'`,
    )
    const before = (await task('prune')).runs
    const [due] = await db.query<{ n: number }>('select app.run_due_scheduled_tasks() as n')
    expect(due!.n).toBeGreaterThanOrEqual(1)
    const after = await task('prune')
    expect(after.runs).toBe(before + 1)
    expect(after.lastResult).toBe('success')
    expect(after.lastRunBy).toBeNull()
    // 03:30 in Goa is 22:00 UTC.
    expect(new Date(after.nextRunAt).toISOString()).toMatch(/T22:00:00\.000Z$/)
    const [again] = await db.query<{ n: number }>(
      `select count(*)::int as n from app.scheduled_tasks where name = 'prune' and next_run_at <= now()`,
    )
    expect(again!.n).toBe(0)
  })

  it.each([
    [15, null, '2026-11-28T10:07:00Z', '2026-11-28T10:15:00.000Z'],
    [15, null, '2026-11-28T10:45:00Z', '2026-11-28T11:00:00.000Z'],
    [1, null, '2026-11-28T10:07:30Z', '2026-11-28T10:08:00.000Z'],
    [null, '03:30', '2026-11-28T21:00:00Z', '2026-11-28T22:00:00.000Z'],
    [null, '03:30', '2026-11-28T22:00:00Z', '2026-11-29T22:00:00.000Z'],
  ])(
    'every %s minutes or daily at %s, after %s the next run is %s',
    async (every, at, after, next) => {
      const [row] = await db.query<{ t: string | Date }>(
        'select app.next_task_run($1::integer, $2::time, $3::timestamptz) as t',
        [every, at, after],
      )
      expect(new Date(row!.t).toISOString()).toBe(next)
    },
  )

  it('the admin counts include the scheduled tasks', async () => {
    const counts = await asUser(
      db,
      by('admin'),
      async (tx) =>
        (
          await tx.query<{ r: { scheduledTasks: number } }>('select public.admin_overview() as r')
        )[0]!.r,
    )
    expect(counts.scheduledTasks).toBe(5)
  })
})

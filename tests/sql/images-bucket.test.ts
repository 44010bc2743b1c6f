// The bucket of public images is `images` (a bucket named `public` collides with Storage's
// /object/public/... route). A database made before the rename keeps its files: rows, and on
// the local host the folder on disk, move to the new bucket, and the old bucket's policies go.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { defaultMigrationsDir, migrate } from '../../supabase/local/migrate.ts'
import { moveRenamedBuckets } from '../../supabase/local/storage-files.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

const RENAME = '20261126000500_images_bucket.sql'

// Supabase's storage (its migration 0055) refuses SQL deletes from its tables unless the
// transaction opts in with storage.allow_delete_query: the rename must work with that guard.
const PROTECT_DELETE = `
  create function storage.protect_delete() returns trigger language plpgsql as $$
  begin
    if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
      raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
        using errcode = '42501';
    end if;
    return null;
  end $$;
  create trigger protect_buckets_delete before delete on storage.buckets
    for each statement execute function storage.protect_delete();
  create trigger protect_objects_delete before delete on storage.objects
    for each statement execute function storage.protect_delete();`

/** A database with every migration older than the rename applied. */
async function beforeTheRename(db: Db): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-before-'))
  try {
    for (const file of await readdir(defaultMigrationsDir))
      if (file < RENAME) await cp(join(defaultMigrationsDir, file), join(dir, file))
    await migrate(db, { migrationsDir: dir })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

describe.each(testDatabases())('renaming the public bucket on $name', (target) => {
  let database: FreshDatabase
  let db: Db

  beforeAll(async () => {
    database = await target.fresh()
    db = await openDb({ url: database.url, memory: database.memory })
    await beforeTheRename(db)
    await db.exec(
      `insert into storage.objects (bucket_id, name) values ('public', 'site/logo.png')`,
    )
    await db.exec(PROTECT_DELETE)
  })
  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  it('moves the objects to `images` and removes the old bucket and its policies', async () => {
    const applied = await migrate(db)
    expect(applied.applied).toContain(RENAME)
    expect(await db.query(`select bucket_id, name from storage.objects`)).toEqual([
      { bucket_id: 'images', name: 'site/logo.png' },
    ])
    expect(
      await db.query(
        `select id, public, file_size_limit::int as file_size_limit from storage.buckets order by id`,
      ),
    ).toEqual([
      { id: 'documents', public: false, file_size_limit: 10485760 },
      { id: 'images', public: true, file_size_limit: 5242880 },
    ])
    const policies = await db.query<{ policyname: string }>(
      `select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects'
        and (policyname like '%public bucket%' or policyname like '%images bucket%') order by 1`,
    )
    expect(policies.map((p) => p.policyname)).toEqual([
      'Anyone can read the images bucket',
      'Staff can add to the images bucket',
      'Staff can delete from the images bucket',
      'Staff can replace files in the images bucket',
    ])
  })
})

describe.each(testDatabases())(
  'renaming a public bucket that holds files on Supabase ($name)',
  (target) => {
    let database: FreshDatabase
    let db: Db
    beforeAll(async () => {
      database = await target.fresh()
      db = await openDb({ url: database.url, memory: database.memory })
      await beforeTheRename(db)
      await db.exec(
        `insert into storage.objects (bucket_id, name) values ('public', 'site/logo.png')`,
      )
      await db.exec(PROTECT_DELETE)
      // Without the local host's record the database counts as a Supabase one, whose object store
      // a migration cannot reach.
      await db.exec('drop table supabase_migrations.local_bootstrap')
    })
    afterAll(async () => {
      await db?.close()
      await database?.drop()
    })

    it('leaves the old bucket, its files and its policies for the operator to copy', async () => {
      const applied = await migrate(db)
      // The rename first, then whatever migrations came after it.
      expect(applied.supabase).toBe(true)
      expect(applied.applied[0]).toBe(RENAME)
      expect(await db.query(`select bucket_id, name from storage.objects`)).toEqual([
        { bucket_id: 'public', name: 'site/logo.png' },
      ])
      const buckets = await db.query<{ id: string }>(`select id from storage.buckets order by id`)
      expect(buckets.map((b) => b.id)).toEqual(['documents', 'images', 'public'])
      const [readable] = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_policies where policyname = 'Anyone can read the public bucket'`,
      )
      expect(readable!.n).toBe(1)
    })
  },
)

describe('the local host’s storage folder', () => {
  it('moves the files of `public` to `images` once, and never over an existing `images`', async () => {
    const root = await mkdtemp(join(tmpdir(), 'storage-root-'))
    try {
      await mkdir(join(root, 'public', 'site'), { recursive: true })
      await writeFile(join(root, 'public', 'site', 'logo.png'), 'logo')
      moveRenamedBuckets(root)
      expect(await readFile(join(root, 'images', 'site', 'logo.png'), 'utf8')).toBe('logo')
      expect(await readdir(root)).toEqual(['images'])

      await mkdir(join(root, 'public'))
      await writeFile(join(root, 'public', 'late.png'), 'late')
      moveRenamedBuckets(root)
      expect((await readdir(root)).sort()).toEqual(['images', 'public'])
      expect(await readdir(join(root, 'images'))).toEqual(['site'])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

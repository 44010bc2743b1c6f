// Creates the local RxDB database with the collections a person's role opens.
import {
  addRxPlugin,
  createRxDatabase,
  type RxCollection,
  type RxConflictHandler,
  type RxDatabase,
  type RxStorage,
} from 'rxdb'
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { refusalAware, RefusedIds } from './refusals.ts'
import { toRxJsonSchema, type CollectionDefinition } from './schema.ts'

addRxPlugin(RxDBLeaderElectionPlugin)
addRxPlugin(RxDBMigrationSchemaPlugin)

/** The collections by name; a role's database holds those it replicates (collectionsFor). */
export interface AppCollections {
  reference: RxCollection
  topics: RxCollection
  facilitators: RxCollection
  timetables: RxCollection
  lesson_items: RxCollection
  [name: string]: RxCollection
}
export type AppDatabase = RxDatabase<AppCollections>

export interface CreateDatabaseOptions {
  name: string
  storage: RxStorage<unknown, unknown>
  definitions: readonly CollectionDefinition[]
  /** Several tabs share the database (browser); one process in tests. */
  multiInstance: boolean
  conflictHandlers?: Record<string, RxConflictHandler<unknown>>
}

const refusedByDatabase = new WeakMap<AppDatabase, RefusedIds>()

/** The refused-push registry the database's conflict handlers consult (see refusals.ts). */
export function refusedIdsOf(db: AppDatabase): RefusedIds {
  const refused = refusedByDatabase.get(db)
  if (!refused) throw new Error(`The database ${db.name} was not opened by createAppDatabase`)
  return refused
}

export async function createAppDatabase(options: CreateDatabaseOptions): Promise<AppDatabase> {
  const db = await createRxDatabase<AppCollections>({
    name: options.name,
    storage: options.storage,
    multiInstance: options.multiInstance,
    eventReduce: true,
    closeDuplicates: true,
    localDocuments: true,
  })
  const refused = new RefusedIds()
  refusedByDatabase.set(db, refused)
  await db.addCollections(
    Object.fromEntries(
      options.definitions.map((def) => [
        def.name,
        {
          schema: toRxJsonSchema(def),
          migrationStrategies: def.migrationStrategies,
          conflictHandler: refusalAware(def.name, refused, options.conflictHandlers?.[def.name]),
          localDocuments: false,
        },
      ]),
    ),
  )
  return db
}

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
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { pushAware, RefusedIds } from './refusals.ts'
import type {
  facilitators,
  inquiries,
  families,
  lessonItems,
  students,
  payments,
  feedback,
  gatherings,
  reference,
  timetables,
  topics,
  whatsapp,
} from '../contract/collections/index.ts'
import {
  serverSetColumns,
  toRxJsonSchema,
  type CollectionDefinition,
  type RowOf,
} from '../contract/schema.ts'
import { UnansweredPushes } from './unanswered.ts'

addRxPlugin(RxDBLeaderElectionPlugin)
addRxPlugin(RxDBLocalDocumentsPlugin)
addRxPlugin(RxDBMigrationSchemaPlugin)

export type ReferenceRow = RowOf<typeof reference>
export type TopicRow = RowOf<typeof topics>
export type FacilitatorRow = RowOf<typeof facilitators>
export type TimetableRow = RowOf<typeof timetables>
export type LessonItemRow = RowOf<typeof lessonItems>
export type WhatsAppRow = RowOf<typeof whatsapp>
export type InquiryRow = RowOf<typeof inquiries>
export type FamilyRow = RowOf<typeof families>
export type StudentRow = RowOf<typeof students>
export type PaymentRow = RowOf<typeof payments>
export type FeedbackRow = RowOf<typeof feedback>
export type GatheringRow = RowOf<typeof gatherings>

/**
 * The collections by name, each typed from its definition's zod schemas (RowOf); a role's
 * database holds those it replicates (collectionsFor).
 */
export interface AppCollections {
  reference: RxCollection<ReferenceRow>
  topics: RxCollection<TopicRow>
  facilitators: RxCollection<FacilitatorRow>
  timetables: RxCollection<TimetableRow>
  lesson_items: RxCollection<LessonItemRow>
  whatsapp: RxCollection<WhatsAppRow>
  inquiries: RxCollection<InquiryRow>
  families: RxCollection<FamilyRow>
  students: RxCollection<StudentRow>
  payments: RxCollection<PaymentRow>
  feedback: RxCollection<FeedbackRow>
  gatherings: RxCollection<GatheringRow>
}
export type AppDatabase = RxDatabase<AppCollections>

/**
 * A collection reached by a name known only at run time (a test's own collection, every
 * collection of a definition list). The app's code names its collections and gets their types.
 */
export function collectionNamed(db: AppDatabase, name: string): RxCollection | undefined {
  const found = Object.entries(db.collections).find(([key]) => key === name)
  return found?.[1]
}

export interface CreateDatabaseOptions {
  name: string
  storage: RxStorage<unknown, unknown>
  definitions: readonly CollectionDefinition[]
  /** Several tabs share the database (browser); one process in tests. */
  multiInstance: boolean
  conflictHandlers?: Record<string, RxConflictHandler<unknown>>
}

interface PushOutcomes {
  refused: RefusedIds
  unanswered: UnansweredPushes
}
const outcomesByDatabase = new WeakMap<AppDatabase, PushOutcomes>()

/** What the database's conflict handlers consult about pushes (refusals.ts, unanswered.ts). */
export function pushOutcomesOf(db: AppDatabase): PushOutcomes {
  const outcomes = outcomesByDatabase.get(db)
  if (!outcomes) throw new Error(`The database ${db.name} was not opened by createAppDatabase`)
  return outcomes
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
  const outcomes = {
    refused: new RefusedIds(),
    unanswered: new UnansweredPushes(
      db,
      Object.fromEntries(options.definitions.map((d) => [d.name, serverSetColumns(d)])),
    ),
  }
  outcomesByDatabase.set(db, outcomes)
  await db.addCollections(
    Object.fromEntries(
      options.definitions.map((def) => [
        def.name,
        {
          schema: toRxJsonSchema(def),
          migrationStrategies: def.migrationStrategies,
          conflictHandler: pushAware(
            def.name,
            { refused: outcomes.refused, unanswered: () => outcomes.unanswered },
            options.conflictHandlers?.[def.name],
            serverSetColumns(def),
          ),
          localDocuments: false,
        },
      ]),
    ),
  )
  return db
}

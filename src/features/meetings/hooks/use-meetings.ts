import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { uuidv7 } from '@sync/contract/ids'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import type { MeetingRow, ParticipantRow } from '../logic/meetings'

export interface MeetingsView {
  meetings: MeetingRow[]
  /** Each meeting's participants, by meeting id, sorted by name. */
  participants: Record<string, ParticipantRow[]>
}

/** Every meeting and participant this device holds, live: answers arrive as they are given. */
export function useMeetings(): MeetingsView | null {
  return useObservable<MeetingsView | null>(
    (open) =>
      open.db.gatherings.find().$.pipe(
        map((docs) => {
          const view: MeetingsView = { meetings: [], participants: {} }
          for (const doc of docs) {
            const row = doc.toMutableJSON()
            if (row.kind === 'meeting') view.meetings.push(row)
            else if (row.kind === 'participant')
              (view.participants[row.meeting_id ?? ''] ??= []).push(row)
          }
          for (const list of Object.values(view.participants))
            list.sort((a, b) => a.data.name.localeCompare(b.data.name))
          return view
        }),
      ),
    null,
    [],
  )
}

/** The centre's active groups, to invite by. */
export function useMeetingGroups(): { id: string; name: string }[] {
  return useObservable(
    (open) =>
      combineLatest([open.db.reference.find({ selector: { kind: 'group' } }).$]).pipe(
        map(([refs]) =>
          refs
            .map((r) => r.toMutableJSON())
            .flatMap((r) =>
              r.kind === 'group' && r.data.status === 'active'
                ? [{ id: r.id, name: r.data.name }]
                : [],
            )
            .sort((a, b) => a.name.localeCompare(b.name)),
        ),
      ),
    [],
    [],
  )
}

/**
 * Meetings are written on the device and pushed when it can, so they are set up offline too; the
 * server makes the participants and sends the invitations once the meeting reaches it.
 */
export function useMeetingWriter() {
  const { db } = useOpenDatabase()
  return {
    newId: (): string => uuidv7(),
    create: async (row: MeetingRow): Promise<void> => {
      await db.gatherings.insert(row)
    },
    archive: async (id: string): Promise<void> => {
      const doc = await db.gatherings.findOne(id).exec()
      if (doc) await doc.incrementalPatch({ status: 'archived' })
    },
    /** A guardian's own answer (N19), given on Home: kept on the device, synced when it can. */
    answer: async (participantId: string, status: 'accepted' | 'rejected'): Promise<void> => {
      const doc = await db.gatherings.findOne(participantId).exec()
      if (doc) await doc.incrementalPatch({ status })
    },
  }
}

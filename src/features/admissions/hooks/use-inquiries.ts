import { map } from 'rxjs/operators'
import type { AdmissionStep } from '@sync/rules/admissions/steps'
import {
  inquiries,
  type InquiryFile,
  type InquiryStatus,
} from '@sync/contract/collections/inquiries'
import type { InquiryRow } from '@sync/engine/database'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import {
  statusDescriptionFor,
  withParticulars,
  type Particulars,
} from '../logic/inquiry-particulars'
import { useOpenDatabase } from '@/db/provider'

/** Every inquiry on this device, live; null while the database opens. */
export function useInquiries(): InquiryRow[] | null {
  return useObservable<InquiryRow[] | null>(
    (open) => open.db.inquiries.find().$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    null,
    [],
  )
}

export type NoteField = 'nextSteps' | 'meetingNote' | 'trialNote'

/** The row with some of its data replaced. */
const withData = (row: InquiryRow, data: Record<string, unknown>) =>
  ({ ...row, data: { ...row.data, ...data } }) as InquiryRow

/** Changes are made on the device and sent by the sync engine when it can (offline triage). */
export function useInquiryWriter() {
  const collection = useOpenDatabase().db.inquiries
  const change = async (id: string, edit: (row: InquiryRow) => InquiryRow) => {
    const doc = await collection.findOne(id).exec()
    if (!doc) throw new Error('This inquiry is no longer on this device.')
    await doc.incrementalModify((current) => parseRow(inquiries, edit(current as InquiryRow)))
  }
  return {
    /** H05: moves the inquiry to another list, with why (H11 statusDescription). */
    setStatus: (id: string, status: InquiryStatus, why = '') =>
      change(id, (row) =>
        withData({ ...row, status } as InquiryRow, {
          statusDescription: statusDescriptionFor(status, why),
        }),
      ),
    /** H11: the office's description of the family, tentative term, forms and curriculum. */
    saveParticulars: (id: string, input: Particulars) =>
      change(id, (row) => ({ ...row, data: withParticulars(row.data, input) }) as InquiryRow),
    /** H19: the potential tag flips on each use. */
    togglePotential: (id: string) => change(id, (row) => ({ ...row, potential: !row.potential })),
    /** H20: an archived inquiry leaves every list. */
    archive: (id: string) => change(id, (row) => ({ ...row, archived: true })),
    /** H12: a file uploaded to the inquiry joins its list. */
    addFile: (id: string, file: InquiryFile) =>
      change(id, (row) => withData(row, { files: [...(row.data.files ?? []), file] })),
    /** I39: a deleted file leaves the list. */
    removeFile: (id: string, fileURL: string) =>
      change(id, (row) =>
        withData(row, { files: (row.data.files ?? []).filter((f) => f.fileURL !== fileURL) }),
      ),
    /** H16: the facilitators chosen in the facilitator picker. */
    setFacilitators: (id: string, facilitators: string[]) =>
      change(id, (row) => withData(row, { facilitators })),
    /** H17: a note keeps when it was edited and by whom. */
    saveNote: (id: string, field: NoteField, text: string, editedBy: string) =>
      change(
        id,
        (row) =>
          ({
            ...row,
            data: {
              ...row.data,
              [field]: { text: text.trim(), edited: new Date().toISOString(), editedBy },
            },
          }) as InquiryRow,
      ),
    /**
     * H21–H42: an admission step, written with what it changes on the inquiry; the server carries
     * it out once the inquiry syncs. A step stepSchema refuses is not written.
     */
    takeStep: async (id: string, step: AdmissionStep) => {
      // The steps' rules come with the step dialogs (already loaded when a step is taken), not
      // with the pane's first load.
      const [{ applyStep }, { checkedStep }] = await Promise.all([
        import('@sync/rules/admissions/steps'),
        import('../logic/step-record'),
      ])
      const checked = checkedStep(step)
      await change(id, (row) => ({ ...row, ...applyStep(row, checked) }) as InquiryRow)
    },
  }
}

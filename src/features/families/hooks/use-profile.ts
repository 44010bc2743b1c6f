import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { families } from '@sync/contract/collections/families'
import { students } from '@sync/contract/collections/students'
import type { FamilyData, IdentityProofRecord } from '@sync/contract/collections/families'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import {
  childWithProfile,
  familyWithProfile,
  type ProfileFormValues,
} from '@sync/rules/families/profile-form'
import { isProfileComplete } from '@sync/rules/families/profile'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { trackBackendCall } from '@/lib/backend-activity'
import { DOCUMENTS_BUCKET, documentProblem } from '@/lib/storage-names'
import { getSupabase } from '@/lib/supabase-lazy'
import { storedPaths, uploadWithThumbnail } from '@/lib/upload'
import { familyFilePath, type PersonRef } from '../logic/documents'

export interface ProfileData {
  family: FamilyRow | null
  /** The family's enrolled children. */
  children: StudentRow[]
  complete: boolean
}

/** The signed-in guardian's family and children, from the device; null while it opens. */
export function useProfileData(familyToken: string | null): ProfileData | null {
  return useObservable<ProfileData | null>(
    (open) =>
      combineLatest([open.db.families.find().$, open.db.students.find().$]).pipe(
        map(([familyDocs, studentDocs]) => {
          const rows = familyDocs.map((d) => d.toMutableJSON() as FamilyRow)
          const family = rows.find((f) => f.id === familyToken) ?? rows[0] ?? null
          const children = studentDocs
            .map((d) => d.toMutableJSON() as StudentRow)
            .filter((s) => s.family_id === family?.id && s.status !== 'terminated')
            .sort((a, b) => a.name.localeCompare(b.name))
          const complete = family
            ? isProfileComplete({
                guardians: family.data.guardians,
                children: children.map((c) => c.data),
                forms: family.data.forms,
                legalGuardianDocuments: family.data.legalGuardianDocuments,
              })
            : true
          return { family, children, complete }
        }),
      ),
    null,
    [familyToken],
  )
}

/** Why a file cannot be kept, or null: size, type, and what its first bytes say it is. */
export async function documentFileProblem(file: File): Promise<string | null> {
  return documentProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()))
}

/**
 * The wizard's changes: the profile is written on the device (offline too) and synced; files go
 * to the family's folder in storage while online, and their records join the profile.
 */
export function useProfileWriter() {
  const { db } = useOpenDatabase()

  const changeFamily = async (familyId: string, edit: (data: FamilyData) => FamilyData) => {
    const doc = await db.families.findOne(familyId).exec()
    if (!doc) throw new Error('Your family is not on this device yet.')
    await doc.incrementalModify((row) =>
      parseRow(families, { ...row, data: edit((row as FamilyRow).data) }),
    )
  }
  const changeChild = async (id: string, edit: (row: StudentRow) => StudentRow['data']) => {
    const doc = await db.students.findOne(id).exec()
    if (!doc) throw new Error('This child is not on this device.')
    await doc.incrementalModify((row) =>
      parseRow(students, { ...row, data: edit(row as StudentRow) }),
    )
  }
  const upload = async (familyId: string, file: File, onProgress: (f: number) => void) => {
    const problem = await documentFileProblem(file)
    if (problem) throw new Error(problem)
    const path = familyFilePath(familyId, file.name, Date.now().toString(36))
    const result = await trackBackendCall(() =>
      uploadWithThumbnail(DOCUMENTS_BUCKET, path, file, onProgress),
    )
    if (!result.ok) throw new Error(result.message)
    return path
  }
  const personEdit =
    (ref: PersonRef, edit: (proofs: IdentityProofRecord[]) => IdentityProofRecord[]) =>
    async (familyId: string) => {
      if (ref.kind === 'guardian') {
        await changeFamily(familyId, (data) => ({
          ...data,
          guardians: data.guardians.map((g, i) =>
            i === ref.index ? { ...g, identityProof: edit(g.identityProof ?? []) } : g,
          ),
        }))
      } else {
        await changeChild(ref.id, (row) => ({
          ...row.data,
          identityProof: edit(row.data.identityProof ?? []),
        }))
      }
    }

  return {
    /** Steps 1–3: the family's and children's details. */
    saveProfile: async (familyId: string, values: ProfileFormValues) => {
      await changeFamily(familyId, (data) => familyWithProfile(data, values))
      for (const child of values.children) {
        await changeChild(child.id, (row) => childWithProfile(row.data, child))
      }
    },
    /** Next at step 4 (I25). */
    markCompleted: (familyId: string) =>
      changeFamily(familyId, (data) => ({ ...data, profileCompletedAt: new Date().toISOString() })),
    upload,
    addProof: (familyId: string, ref: PersonRef, proof: IdentityProofRecord) =>
      personEdit(ref, (proofs) => [...proofs, proof])(familyId),
    addFile: (
      familyId: string,
      list: 'forms' | 'legalGuardianDocuments',
      fileName: string,
      path: string,
    ) =>
      changeFamily(familyId, (data) => ({
        ...data,
        [list]: [
          ...(data[list] ?? []),
          { fileName, fileURL: path, uploaded_At: new Date().toISOString() },
        ],
      })),
    /** Deletes a file from storage, then its record (a proof of a person, a form or a document). */
    removeFile: async (familyId: string, path: string) => {
      if (!navigator.onLine) throw new Error('This needs a connection. You are offline.')
      const supabase = await getSupabase()
      const { error } = await trackBackendCall(
        // I39: an image goes with its thumbnail.
        async () =>
          await (await supabase.storage()).from(DOCUMENTS_BUCKET).remove(storedPaths(path)),
      )
      if (error) throw new Error(error.message)
      const keep = <T extends { fileURL?: string | null }>(list: readonly T[] | null | undefined) =>
        (list ?? []).filter((f) => f.fileURL !== path)
      await changeFamily(familyId, (data) => ({
        ...data,
        guardians: data.guardians.map((g) => ({ ...g, identityProof: keep(g.identityProof) })),
        forms: keep(data.forms),
        legalGuardianDocuments: keep(data.legalGuardianDocuments),
      }))
      const children = await db.students.find({ selector: { family_id: familyId } }).exec()
      for (const child of children) {
        const proofs = (child.data as StudentRow['data']).identityProof ?? []
        if (proofs.some((p) => p.fileURL === path)) {
          await changeChild(child.id, (row) => ({
            ...row.data,
            identityProof: keep(row.data.identityProof),
          }))
        }
      }
    },
    /** A link to read one of the family's files for a few minutes. */
    link: async (path: string) => {
      if (!navigator.onLine) throw new Error('This needs a connection. You are offline.')
      const supabase = await getSupabase()
      const { data, error } = await (
        await supabase.storage()
      )
        .from(DOCUMENTS_BUCKET)
        .createSignedUrl(path, 300)
      if (error || !data) throw new Error(error?.message ?? 'The file could not be opened.')
      return data.signedUrl
    },
  }
}

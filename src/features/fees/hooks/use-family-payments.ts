import { useCallback, useEffect, useState } from 'react'
import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FamilyRow, PaymentRow } from '@sync/engine/database'
import type { TripLike, TripStudentLike } from '../logic/trip-fees'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { trackBackendCall } from '@/lib/backend-activity'
import { supabaseAnonKey, supabaseUrl } from '@/lib/backend-address'
import { rpc } from '@/lib/rpc'
import { getSupabase } from '@/lib/supabase-lazy'
import { familyFeesOf, readFeesCache, writeFeesCache, type FamilyFee } from '../logic/parents-due'
import { fetchReceipt, RECEIPT_MESSAGES, type ReceiptResult } from '../logic/parents-receipt'

export interface FamilyPayments {
  family: FamilyRow | null
  payments: PaymentRow[]
}

/** The signed-in guardian's family and its payments, live from the device (so offline too). */
export function useFamilyPayments(familyToken: string | null): FamilyPayments | null {
  return useObservable<FamilyPayments | null>(
    (open) =>
      combineLatest([open.db.families.find().$, open.db.payments.find().$]).pipe(
        map(([familyDocs, paymentDocs]) => {
          const rows = familyDocs.map((d) => d.toMutableJSON() as FamilyRow)
          const family = rows.find((f) => f.id === familyToken) ?? rows[0] ?? null
          return {
            family,
            payments: paymentDocs
              .map((d) => d.toMutableJSON() as PaymentRow)
              .filter((p) => p.family_id === family?.id),
          }
        }),
      ),
    null,
    [familyToken],
  )
}

/**
 * The field trips and the students this device holds (a guardian's: their children's groups' trips,
 * not archived, and their own children), for the trip fees on the Payments pane.
 */
export function useTripFeeSources(): { trips: TripLike[]; students: TripStudentLike[] } {
  return useObservable(
    (open) =>
      combineLatest([
        open.db.gatherings.find({ selector: { kind: 'field_trip' } }).$,
        open.db.students.find().$,
      ]).pipe(
        map(([tripDocs, studentDocs]) => ({
          trips: tripDocs.flatMap((d) => {
            const row = d.toMutableJSON()
            return row.kind === 'field_trip' ? [row] : []
          }),
          students: studentDocs.map((d) => {
            const s = d.toMutableJSON()
            return {
              id: s.id,
              name: s.name,
              family_id: s.family_id,
              group_id: s.group_id,
              status: s.status,
            }
          }),
        })),
      ),
    { trips: [], students: [] },
    [],
  )
}

export interface FamilyFeesState {
  fees: FamilyFee[] | null
  /** When the fees shown were fetched, if they come from this device's copy. */
  cachedAt: string | null
  /** Why the server could not be asked now. */
  problem: string | null
  loading: boolean
}

/**
 * The children's monthly fees: this device's copy at once, then the server's answer (kept for
 * next time); asked again when the connection comes back. Mount it per family (`key`).
 */
export function useFamilyFees(familyId: string): FamilyFeesState {
  const [state, setState] = useState<FamilyFeesState>(() => {
    const cached = readFeesCache(localStorage, familyId)
    return {
      fees: cached?.fees ?? null,
      cachedAt: cached?.fetchedAt ?? null,
      problem: null,
      loading: true,
    }
  })
  useEffect(() => {
    let alive = true
    const load = async () => {
      const answer = await rpc<unknown>('family_fees', {})
      if (!alive) return
      const fees = answer.ok ? familyFeesOf(answer.data) : null
      if (fees) {
        writeFeesCache(localStorage, familyId, fees, new Date())
        setState({ fees, cachedAt: null, problem: null, loading: false })
      } else {
        const problem = answer.ok
          ? 'The centre answered with fees this app cannot read.'
          : answer.message
        setState((s) => ({ ...s, problem, loading: false }))
      }
    }
    void load()
    const again = () => void load()
    window.addEventListener('online', again)
    return () => {
      alive = false
      window.removeEventListener('online', again)
    }
  }, [familyId])
  return state
}

/** Writes reported payments on the device; they reach the centre with the next sync. */
export function useReportPayments(): (rows: readonly PaymentRow[]) => Promise<void> {
  const { db } = useOpenDatabase()
  return useCallback(
    async (rows) => {
      for (const row of rows) await db.payments.insert(row)
    },
    [db],
  )
}

/** Downloads a recorded payment's receipt, with the signed-in person's session. */
export async function downloadReceipt(
  paymentId: string,
  onProgress: (received: number, total: number | null) => void,
): Promise<ReceiptResult> {
  if (!navigator.onLine) return { ok: false, message: RECEIPT_MESSAGES.offline }
  const supabase = await getSupabase()
  const token = (await supabase.auth.getSession()).data.session?.access_token
  if (!token) return { ok: false, message: RECEIPT_MESSAGES.signIn }
  return trackBackendCall(() =>
    fetchReceipt({ paymentId, token, url: supabaseUrl, apiKey: supabaseAnonKey, onProgress }),
  )
}

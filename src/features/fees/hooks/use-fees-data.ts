import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FamilyRow, PaymentRow, StudentRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'
import type { FeeGroup } from '../logic/office-fees'

export interface FeesData {
  families: FamilyRow[]
  students: StudentRow[]
  groups: Map<string, FeeGroup>
  /** Each fee tariff's monthly amount. */
  tariffAmounts: Map<string, number>
  payments: PaymentRow[]
}

/**
 * What the office's fee screens read from the device: families, students, groups, tariffs and
 * payments, live; null while the database opens.
 */
export function useFeesData(): FeesData | null {
  return useObservable<FeesData | null>(
    (open) =>
      combineLatest([
        open.db.families.find().$,
        open.db.students.find().$,
        open.db.reference.find({ selector: { kind: { $in: ['group', 'fee_tariff'] } } }).$,
        open.db.payments.find().$,
      ]).pipe(
        map(([familyDocs, studentDocs, refs, paymentDocs]) => {
          const groups = new Map<string, FeeGroup>()
          const tariffAmounts = new Map<string, number>()
          for (const ref of refs) {
            const data = ref.data as Record<string, unknown>
            if (ref.kind === 'group') {
              groups.set(ref.id, {
                id: ref.id,
                name: typeof data.name === 'string' ? data.name : '',
                feeTariffId: typeof data.feeTariffId === 'string' ? data.feeTariffId : null,
              })
            } else {
              const amount = Number(data.amount)
              if (Number.isFinite(amount) && amount >= 0) tariffAmounts.set(ref.id, amount)
            }
          }
          return {
            families: familyDocs.map((d) => d.toMutableJSON() as FamilyRow),
            students: studentDocs.map((d) => d.toMutableJSON() as StudentRow),
            groups,
            tariffAmounts,
            payments: paymentDocs.map((d) => d.toMutableJSON() as PaymentRow),
          }
        }),
      ),
    null,
    [],
  )
}

import { useEffect, useRef, useState } from 'react'
import { useNetwork } from '@mantine/hooks'
import { map } from 'rxjs/operators'
import { CURRICULUM, type StepState } from '@sync/rules/admissions/steps'
import { useObservable } from '@/db/hooks'
import { useAuthMember } from '@/lib/auth/use-auth'
import { trackBackendCall } from '@/lib/backend-activity'
import { getSupabase } from '@/lib/supabase-lazy'
import { uploadWithProgress } from '@/lib/upload'
import { useRpcQuery } from '@/lib/use-rpc-query'
import {
  curriculumProblem,
  referenceOptions,
  type GroupOption,
  type TariffOption,
} from '../logic/step-options'
import { cachedSenders, cacheSenders, type SendersAnswer } from '../logic/step-senders'
import { stepsUnsettled } from '../logic/step-status'

const storage = () => (typeof window === 'undefined' ? null : window.localStorage)
const OFFLINE = 'This needs a connection. You are offline.'

/** Calls `reload` each time the browser comes back online. */
function useReload(reload: () => void) {
  useEffect(() => {
    window.addEventListener('online', reload)
    return () => window.removeEventListener('online', reload)
  }, [reload])
}

/**
 * The sender accounts a step's e-mail may go from (`mail_sender_accounts`): read online and kept
 * on the device for the member, so a step can be taken offline with the last answer.
 */
export function useStepSenders(): { answer: SendersAnswer | null; error: string | null } {
  const userId = useAuthMember()?.userId ?? ''
  const { data, error, reload } = useRpcQuery<SendersAnswer>('mail_sender_accounts', {})
  const [cached] = useState(() => cachedSenders(storage(), userId))
  useReload(reload)
  useEffect(() => {
    if (data && userId) cacheSenders(storage(), userId, data)
  }, [data, userId])
  const answer = data ?? cached
  return { answer, error: answer ? null : error }
}

/** What the server said last about each inquiry's steps, for a reopened inquiry offline. */
const lastKnown = new Map<string, StepState[]>()

/**
 * The server's record of an inquiry's steps (`inquiry_steps`): read again when the inquiry
 * changes (a step taken or synced), when the browser comes online, and every 15 seconds while a
 * step is not synced yet or an e-mail is on its way. `fresh` is false when the answer is from
 * before the device went offline or the last call failed.
 */
export function useStepStates(
  inquiryId: string,
  stepIds: readonly string[],
  version: string,
): { states: StepState[]; fresh: boolean } {
  const { online } = useNetwork()
  const { data, error, reload } = useRpcQuery<StepState[]>('inquiry_steps', {
    inquiry: inquiryId,
  })
  useReload(reload)
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current === version) return
    seen.current = version
    reload()
  }, [version, reload])
  useEffect(() => {
    if (data) lastKnown.set(inquiryId, data)
  }, [data, inquiryId])
  const states = data ?? lastKnown.get(inquiryId) ?? []
  const unsettled = stepsUnsettled(
    stepIds.map((id) => ({ id })),
    states,
  )
  const polling = online && unsettled && error === null
  useEffect(() => {
    if (!polling) return
    const timer = setInterval(reload, 15_000)
    return () => clearInterval(timer)
  }, [polling, reload])
  return { states, fresh: online && data !== null && error === null }
}

/** The groups and fee tariffs on the device (reference lists), live; null while they open. */
export function useStepGroups(): { groups: GroupOption[]; tariffs: TariffOption[] } | null {
  return useObservable<{ groups: GroupOption[]; tariffs: TariffOption[] } | null>(
    (open) =>
      open.db.reference
        .find({ selector: { kind: { $in: ['group', 'fee_tariff'] } } })
        .$.pipe(map((docs) => referenceOptions(docs.map((d) => d.toMutableJSON())))),
    null,
    [],
  )
}

export type CurriculumStatus =
  | { state: 'offline' }
  | { state: 'checking' }
  | { state: 'missing' }
  | { state: 'stored'; updatedAt: string | null }
  | { state: 'unknown'; message: string }

const slash = CURRICULUM.path.lastIndexOf('/')
const folder = CURRICULUM.path.slice(0, slash)
const fileName = CURRICULUM.path.slice(slash + 1)

async function readCurriculum(): Promise<CurriculumStatus> {
  try {
    const supabase = await getSupabase()
    const { data, error } = await trackBackendCall(
      async () =>
        await (await supabase.storage()).from(CURRICULUM.bucket).list(folder, { search: fileName }),
    )
    if (error) return { state: 'unknown', message: error.message }
    const entry = data.find((e) => e.name === fileName)
    return entry
      ? { state: 'stored', updatedAt: entry.updated_at ?? entry.created_at ?? null }
      : { state: 'missing' }
  } catch (error) {
    return { state: 'unknown', message: (error as Error).message }
  }
}

/**
 * Stores the curriculum (H30). The first upload shows its progress; a replacement overwrites the
 * stored file in one request (the progress helper cannot overwrite), so a trial e-mail never
 * finds the curriculum missing half way.
 */
async function storeCurriculum(
  file: File,
  replace: boolean,
  onProgress: (fraction: number | null) => void,
): Promise<void> {
  if (!navigator.onLine) throw new Error(OFFLINE)
  const problem = curriculumProblem(file, new Uint8Array(await file.slice(0, 16).arrayBuffer()))
  if (problem) throw new Error(problem)
  if (!replace) {
    const result = await trackBackendCall(() =>
      uploadWithProgress(CURRICULUM.bucket, CURRICULUM.path, file, onProgress),
    )
    if (!result.ok) throw new Error(result.message)
    return
  }
  onProgress(null)
  const supabase = await getSupabase()
  const { error } = await trackBackendCall(
    async () =>
      await (
        await supabase.storage()
      )
        .from(CURRICULUM.bucket)
        .upload(CURRICULUM.path, file, { upsert: true, contentType: 'application/pdf' }),
  )
  if (error) throw new Error(error.message)
}

/**
 * Whether the curriculum the trial e-mail attaches is on the server (read online), and a way
 * to upload or replace it. `progress` is a fraction, or null while a replacement goes up.
 */
export function useCurriculum() {
  const { online } = useNetwork()
  const [version, setVersion] = useState(0)
  const [read, setRead] = useState<{ version: number; status: CurriculumStatus } | null>(null)
  useEffect(() => {
    if (!online) return
    let live = true
    void readCurriculum().then((status) => {
      if (live) setRead({ version, status })
    })
    return () => {
      live = false
    }
  }, [online, version])
  const status: CurriculumStatus = !online
    ? { state: 'offline' }
    : read?.version === version
      ? read.status
      : { state: 'checking' }
  return {
    status,
    upload: async (file: File, onProgress: (fraction: number | null) => void) => {
      try {
        // Overwrite unless the curriculum is known to be missing (a first upload shows progress).
        await storeCurriculum(file, status.state !== 'missing', onProgress)
      } finally {
        setVersion((v) => v + 1)
      }
    },
  }
}

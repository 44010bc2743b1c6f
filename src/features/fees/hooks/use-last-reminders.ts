import { useCallback, useEffect, useState } from 'react'
import { rpc } from '@/lib/rpc'
import { lastRemindersOf, type LastReminder } from '../logic/last-reminder'

export interface LastReminders {
  /** Each family's last reminder, by family id (empty until the server answers). */
  byFamily: ReadonlyMap<string, LastReminder>
  /** Why the last reminders could not be read, if they could not. */
  problem: string | null
  reload(): void
}

/**
 * When each family was last reminded, and by whom, read from the server (the outbox is not on
 * the device); asked again when the connection comes back and after each reminder.
 */
export function useLastReminders(online: boolean): LastReminders {
  const [byFamily, setByFamily] = useState<ReadonlyMap<string, LastReminder>>(new Map())
  const [problem, setProblem] = useState<string | null>(null)
  const [asked, setAsked] = useState(0)
  useEffect(() => {
    if (!online) return
    let alive = true
    const load = async () => {
      const answer = await rpc<unknown>('fee_reminders_sent', {})
      if (!alive) return
      const read = answer.ok ? lastRemindersOf(answer.data) : null
      if (read) setByFamily(read)
      setProblem(
        read
          ? null
          : answer.ok
            ? 'The centre answered with reminders this app cannot read.'
            : answer.message,
      )
    }
    void load()
    return () => {
      alive = false
    }
  }, [online, asked])
  const reload = useCallback(() => setAsked((n) => n + 1), [])
  return { byFamily, problem, reload }
}

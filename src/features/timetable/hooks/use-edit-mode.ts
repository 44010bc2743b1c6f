import { useEffect, useReducer } from 'react'
import { usePreventRefresh } from '@/lib/app-status/hooks'
import {
  editModeReducer,
  pendingCount,
  restoreEditMode,
  type EditModeAction,
  type EditModeState,
} from '../logic/edit-mode'

const key = (groupId: string, weekKey: string) => `app.timetable.edit.${groupId}.${weekKey}`

function load(groupId: string, weekKey: string): EditModeState {
  try {
    return restoreEditMode(JSON.parse(localStorage.getItem(key(groupId, weekKey)) ?? 'null'))
  } catch {
    return restoreEditMode(null)
  }
}

/**
 * Calendar edit mode for one group's week. Pending edits are kept on the device, so they
 * survive a reload (even offline) until they are saved or discarded; while any are pending the
 * browser asks before the page is closed.
 */
export function useEditMode(
  groupId: string,
  weekKey: string,
): [EditModeState, (a: EditModeAction) => void] {
  const [state, dispatch] = useReducer(
    (
      s: EditModeState & { scope: string },
      a: EditModeAction | { type: 'load'; state: EditModeState; scope: string },
    ) =>
      a.type === 'load'
        ? { ...a.state, scope: a.scope }
        : { ...editModeReducer(s, a), scope: s.scope },
    null,
    () => ({ ...load(groupId, weekKey), scope: key(groupId, weekKey) }),
  )
  const scope = key(groupId, weekKey)
  useEffect(() => {
    if (state.scope !== scope) dispatch({ type: 'load', state: load(groupId, weekKey), scope })
  }, [scope, state.scope, groupId, weekKey])
  useEffect(() => {
    if (state.scope !== scope) return
    const { scope: _scope, ...plain } = state
    if (plain.editing || pendingCount(plain) > 0) localStorage.setItem(scope, JSON.stringify(plain))
    else localStorage.removeItem(scope)
  }, [state, scope])
  usePreventRefresh(`calendar-edits:${scope}`, pendingCount(state) > 0)
  return [state, dispatch]
}

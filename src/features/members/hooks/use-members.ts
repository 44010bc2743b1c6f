import { useCallback, useEffect, useState } from 'react'
import { rpc } from '../../../lib/rpc'
import type { MemberFilter, MemberSort, Overview } from '../logic/members'

export interface MemberRow {
  id: string
  email: string
  name: string
  role: string
  status: 'verified' | 'blocked'
  extra: string | null
  created_at: string
  last_activity: string | null
  signin_count: number
}

export interface MembersPage {
  total: number
  pageSize: number
  rows: MemberRow[]
}

/** One page of the member list, read from the server (admins only; not kept on the device). */
export function useMembers(filter: MemberFilter, sort: MemberSort, offset: number) {
  const [page, setPage] = useState<MembersPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    const result = await rpc<MembersPage>('admin_list_members', {
      filter,
      sort,
      page_offset: offset,
    })
    if (result.ok) {
      setPage(result.data)
      setError(null)
    } else setError(result.message)
  }, [filter, sort, offset])
  useEffect(() => {
    let alive = true
    void rpc<MembersPage>('admin_list_members', { filter, sort, page_offset: offset }).then((r) => {
      if (!alive) return
      if (r.ok) {
        setPage(r.data)
        setError(null)
      } else setError(r.message)
    })
    return () => {
      alive = false
    }
  }, [filter, sort, offset])
  return { page, error, reload: load }
}

export function setMemberStatus(member: string, status: 'verified' | 'blocked') {
  return rpc<{ type: string; message: string }>('admin_set_member_status', {
    member,
    new_status: status,
  })
}

/** The centre's counts and the shared page size (F16, F17), read online. */
export function useOverview(version: number) {
  const [overview, setOverview] = useState<Overview | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let alive = true
    void rpc<Overview>('admin_overview', {}).then((r) => {
      if (!alive) return
      if (r.ok) {
        setOverview(r.data)
        setError(null)
      } else setError(r.message)
    })
    return () => {
      alive = false
    }
  }, [version])
  return { overview, error }
}

export function setPageSize(size: number) {
  return rpc<{ type: string; message: string; paginationLimit: number }>('admin_set_page_size', {
    page_size: size,
  })
}

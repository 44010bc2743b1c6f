import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'
import type { MemberFilter, MemberSort, Overview, SignInEntry } from '../logic/members'

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
  /** Whether the sign-in account's e-mail address is confirmed; null without an account. */
  email_confirmed: boolean | null
  /** Whether the member may send e-mail now (O09); always true for the forced accounts. */
  email_sending: boolean
  /** One of the accounts that always send e-mail (O10): it cannot be turned off. */
  email_sending_forced: boolean
}

export interface MembersPage {
  total: number
  pageSize: number
  rows: MemberRow[]
}

/** One page of the member list, read from the server (admins only; not kept on the device). */
export function useMembers(filter: MemberFilter, sort: MemberSort, offset: number, search = '') {
  const { data, error, reload } = useRpcQuery<MembersPage>('admin_list_members', {
    filter,
    sort,
    page_offset: offset,
    // Members are not kept on the device: the server searches, within the filter.
    search: search.trim() || null,
  })
  return { page: data, error, reload }
}

export function setMemberStatus(member: string, status: 'verified' | 'blocked') {
  return rpc<{ type: string; message: string }>('admin_set_member_status', {
    member,
    new_status: status,
  })
}

/** The centre's counts and the shared page size (F16, F17), read online. */
export function useOverview() {
  const { data, error, reload } = useRpcQuery<Overview>('admin_overview', {})
  return { overview: data, error, reload }
}

export function setPageSize(size: number) {
  return rpc<{ type: string; message: string; paginationLimit: number }>('admin_set_page_size', {
    page_size: size,
  })
}

/** A member's latest 20 sign-ins (F29), read online while the dialog is open. */
export function useSignInHistory(member: string) {
  const { data, error } = useRpcQuery<SignInEntry[]>('admin_login_history', { member })
  return { entries: data, error }
}

/** Adds the member as facilitator or removes them (F23). */
export function setFacilitator(member: string, make: boolean) {
  return rpc<{ type: string; message: string }>('admin_set_facilitator', { member, make })
}

/** Deletes a member's account for good (F21). */
export function deleteMember(member: string) {
  return rpc<{ type: string; message: string }>('admin_delete_member', { member })
}

/** Turns a member's e-mail sending on or off (O09); the forced accounts are refused. */
export function setEmailSending(member: string, enabled: boolean) {
  return rpc<{ type: string; message: string }>('admin_set_email_sending', { member, enabled })
}

export type NotificationAudience = 'facilitator' | 'administration' | 'parents' | 'students'

/** A member's four notification switches (operations.md §3), read online while the dialog is open. */
export function useMemberNotifications(member: string) {
  const { data, error, reload } = useRpcQuery<Record<NotificationAudience, boolean>>(
    'admin_member_notifications',
    { member },
  )
  return { switches: data, error, reload }
}

/** Turns one audience of a member's notifications on or off. */
export function setMemberNotifications(
  member: string,
  audience: NotificationAudience,
  enabled: boolean,
) {
  return rpc<{ type: string; message: string }>('admin_set_member_notifications', {
    member,
    audience,
    enabled,
  })
}

export interface MemberNotificationList {
  total: number
  items: { id: string; title: string; action: string; date: string; isNew: boolean }[]
}

/** A member's notifications, newest first (F28), read online while the dialog is open. */
export function useMemberNotificationList(member: string) {
  const { data, error, reload } = useRpcQuery<MemberNotificationList>(
    'admin_member_notification_list',
    { member },
  )
  return { list: data, error, reload }
}

/** Clears every notification of a member (F28). */
export function clearMemberNotifications(member: string) {
  return rpc<{ type: string; message: string; cleared: number }>(
    'admin_clear_member_notifications',
    { member },
  )
}

import { describe, expect, it } from 'vitest'
import { createRouter } from '@tanstack/react-router'
import { routeTree } from '@/routeTree.gen'
import { staticAuthSource } from '@/lib/auth/types'

// Creating a router resolves every route's full path.
const router = createRouter({
  routeTree,
  context: { auth: staticAuthSource({ status: 'signedOut' }), screens: new Set<string>() },
})
const routes = new Map<string, { guard?: string; layout?: string }>()
for (const route of Object.values(router.routesById)) {
  const meta = route.options.staticData
  if (meta?.guard) {
    routes.set(route.fullPath.replace(/\/$/, '') || '/', { guard: meta.guard, layout: meta.layout })
  }
}

// The route table of core.md §2.
const table: [string, string, string][] = [
  ...[
    'errors',
    'feedback',
    'files',
    'members',
    'nodemailer',
    'settings',
    'tasks',
    'warnings',
    'whatsapp',
    'facilitators',
  ].map((p) => [`/admin/dash/${p}`, 'auth-admin', 'admindash'] as [string, string, string]),
  ['/facilitators', 'auth-admin', 'admindash'],
  ['/administration/dash', 'auth-administration', 'administrationdash'],
  ['/administration/dash/families', 'auth-administration', 'administrationdash'],
  ['/administration/dash/inquiries', 'auth-administration', 'administrationdash'],
  ['/administration/dash/students', 'auth-administration', 'administrationdash'],
  ['/facilitators/dash', 'auth-facilitator', 'facilitatordash'],
  ['/facilitators/dash/groupDays', 'auth-facilitator', 'facilitatordash'],
  ['/facilitators/dash/students', 'auth-facilitator', 'facilitatordash'],
  ['/facilitators/settings', 'auth', 'default'],
  ['/parents/dash', 'auth-parents', 'parentsdash'],
  ['/parents/settings', 'auth-parents', 'default'],
  ['/students/dash', 'auth-student', 'default'],
  ...[
    '/',
    '/signin',
    '/connect-account',
    '/reset-password',
    '/apply-facilitators',
    '/apply-students',
    '/apply-{$name}',
    '/legal/privacy-policy',
    '/legal/terms-of-service',
  ].map((p) => [p, 'none', 'default'] as [string, string, string]),
]

describe('route table', () => {
  it.each(table)('%s has guard %s and layout %s', (path, guard, layout) => {
    expect(routes.get(path)).toEqual({ guard, layout })
  })
})

import { describe, expect, it } from 'vitest'
import { firstLoad, ROUTE_BUDGETS, STAFF_ONLY } from './route-budgets.ts'

// What a page received on a route's first visit (recorded in Chromium by the script): the page,
// its chunks (one a staff screen's, loaded by mistake), a lazily loaded chunk, and calls to the
// backend.
const received = [
  { path: '/parents/dash', bytes: 1200 },
  { path: '/assets/index-1.js', bytes: 90_000 },
  { path: '/assets/index-1.css', bytes: 9_000 },
  { path: '/assets/route-2.js', bytes: 3_000 },
  { path: '/assets/members-3.js', bytes: 7_000 },
  { path: '/assets/home-lazy-4.js', bytes: 5_000 },
  { path: '/auth/v1/user', bytes: 800 },
  { path: '/rest/v1/rpc/sync_pull', bytes: 4_000 },
]
const modules = {
  'assets/index-1.js': ['src/main.tsx', 'src/routes/admin/dash/members.tsx'],
  'assets/members-3.js': ['src/features/members/components/members-screen.tsx'],
  'assets/home-lazy-4.js': ['src/routes/parents/dash/index.tsx?tsr-split=component'],
}

describe('route budgets', () => {
  it("counts every file the page received, lazily loaded ones too, apart from the backend's answers", () => {
    const load = firstLoad(received, modules, STAFF_ONLY)
    expect(load.files).toEqual([
      '/parents/dash',
      '/assets/index-1.js',
      '/assets/index-1.css',
      '/assets/route-2.js',
      '/assets/members-3.js',
      '/assets/home-lazy-4.js',
    ])
    expect(load.bytes).toBe(1200 + 90_000 + 9_000 + 3_000 + 7_000 + 5_000)
    expect(load.calls).toBe(2)
    expect(load.callBytes).toBe(4_800)
  })

  it("finds a staff screen in a parent's download, but not the route options every route has", () => {
    expect(firstLoad(received, modules, STAFF_ONLY).forbidden).toEqual([
      'src/features/members/components/members-screen.tsx',
    ])
    expect(firstLoad(received, modules).forbidden).toEqual([])
  })

  it('names the four routes the issue budgets and the public applications, each opened by its person', () => {
    expect(ROUTE_BUDGETS.map((b) => [b.route, b.as?.email ?? null])).toEqual([
      ['/signin', null],
      ['/apply-facilitators', null],
      ['/apply-students', null],
      ['/parents/dash', 'guardian@demo.school'],
      ['/facilitators/dash', 'facilitator@demo.school'],
      ['/admin/dash/members', 'admin@demo.school'],
    ])
    // The parents' and the visitors' routes are checked for staff code.
    expect(ROUTE_BUDGETS.filter((b) => b.forbidden).map((b) => b.route)).toEqual([
      '/apply-facilitators',
      '/apply-students',
      '/parents/dash',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { planOffline, type BuiltChunk } from './offline-groups'
import { dashboardGroupsFor } from '../src/app/offline-keep'

const chunk = (fileName: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facade: null,
  imports: [],
  dynamicImports: [],
  css: [],
  ...more,
})

describe('what the service worker keeps, by role (issue 36)', () => {
  const chunks = [
    chunk('index.js', { isEntry: true, dynamicImports: ['signin.js', 'parents.js', 'admin.js'] }),
    chunk('signin.js', {
      facade: 'src/routes/_default/signin.tsx?tsr-split=component',
      imports: ['form.js'],
    }),
    chunk('form.js'),
    chunk('parents.js', {
      facade: 'src/routes/parents/dash/index.tsx?tsr-split=component',
      imports: ['form.js', 'card.js'],
      css: ['parents.css'],
    }),
    chunk('card.js'),
    chunk('admin.js', {
      facade: 'src/routes/admin/dash/members.tsx?tsr-split=component',
      imports: ['card.js', 'table.js'],
      dynamicImports: ['pane.js'],
    }),
    chunk('table.js'),
    chunk('pane.js'),
  ]
  const plan = planOffline(chunks)

  it('keeps the entry and what it reaches without a dashboard in the shell', () => {
    expect([...plan.shell].sort()).toEqual(['form.js', 'index.js', 'signin.js'])
  })

  it("gives each dashboard its own files, shared ones to both, the shell's to none", () => {
    expect(plan.groups.parents).toEqual(['card.js', 'parents.css', 'parents.js'])
    expect(plan.groups.admin).toEqual(['admin.js', 'card.js', 'pane.js', 'table.js'])
    expect(plan.groups.facilitators).toEqual([])
  })

  it('names the dashboards each person keeps', () => {
    const person = (
      role: Parameters<typeof dashboardGroupsFor>[0]['role'],
      isParentFacilitator = false,
    ) => dashboardGroupsFor({ role, isParentFacilitator })
    expect(person('guardian')).toEqual(['parents'])
    expect(person('guardian', true)).toEqual(['parents', 'facilitators'])
    expect(person('facilitator')).toEqual(['facilitators'])
    expect(person('admin')).toEqual(['admin', 'administration'])
    expect(person('admission')).toEqual(['administration'])
    expect(person('student')).toEqual(['students'])
    expect(person('member')).toEqual([])
  })
})

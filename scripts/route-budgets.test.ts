import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { firstLoad, readBuild, ROUTE_BUDGETS } from './route-budgets.ts'

// A small build: the entry, a layout that statically imports a shared chunk, a page, and a
// staff screen's chunk that the page imports by mistake.
let dist: string
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'budgets-'))
  await mkdir(join(dist, '.vite'), { recursive: true })
  await mkdir(join(dist, 'assets'))
  const files: Record<string, number> = {
    'assets/index.js': 1000,
    'assets/index.css': 200,
    'assets/layout.js': 300,
    'assets/shared.js': 400,
    'assets/home.js': 50,
    'assets/members.js': 700,
  }
  for (const [file, size] of Object.entries(files))
    await writeFile(join(dist, file), 'x'.repeat(size))
  // The host sends the brotli copy where the build made one.
  await writeFile(join(dist, 'assets/index.js.br'), 'x'.repeat(250))
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] },
    'src/routes/parents/dash/route.tsx?tsr-split=component': {
      file: 'assets/layout.js',
      isDynamicEntry: true,
      imports: ['_shared.js'],
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/routes/parents/dash/index.tsx?tsr-split=component': {
      file: 'assets/home.js',
      isDynamicEntry: true,
      imports: ['_members.js', 'index.html'],
    },
    '_members.js': { file: 'assets/members.js' },
  }
  const modules = {
    'assets/index.js': ['src/main.tsx', 'src/routes/admin/dash/members.tsx'],
    'assets/members.js': ['src/features/members/components/members-screen.tsx'],
    'assets/home.js': ['src/routes/parents/dash/index.tsx?tsr-split=component'],
  }
  await writeFile(join(dist, '.vite/manifest.json'), JSON.stringify(manifest))
  await writeFile(join(dist, '.vite/chunk-modules.json'), JSON.stringify(modules))
})

describe('route budgets', () => {
  const parents = ROUTE_BUDGETS.find((b) => b.route === '/parents/dash')!

  it("counts the entry, the route's layouts, the route, their imports and CSS, as sent", () => {
    const load = firstLoad(readBuild(dist), parents)
    expect([...load.files].sort()).toEqual([
      'assets/home.js',
      'assets/index.css',
      'assets/index.js',
      'assets/layout.js',
      'assets/members.js',
      'assets/shared.js',
    ])
    expect(load.bytes).toBe(250 + 200 + 300 + 400 + 50 + 700)
  })

  it("finds a staff screen in a parent's download, but not the route options every route has", () => {
    const load = firstLoad(readBuild(dist), parents)
    expect(load.forbidden).toEqual(['src/features/members/components/members-screen.tsx'])
  })

  it('refuses a route file the build does not have', () => {
    expect(() =>
      firstLoad(readBuild(dist), { files: ['src/routes/nowhere.tsx'], budgetKiB: 1 }),
    ).toThrow('src/routes/nowhere.tsx is not in the build')
  })

  it('names the four routes the issue budgets and the public applications, the parents within 260 KiB', () => {
    expect(ROUTE_BUDGETS.map((b) => b.route)).toEqual([
      '/signin',
      '/apply-facilitators',
      '/apply-students',
      '/parents/dash',
      '/facilitators/dash',
      '/admin/dash/members',
    ])
    expect(parents.budgetKiB).toBeLessThanOrEqual(260)
  })
})

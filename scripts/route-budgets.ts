// Route budgets: what a first visit to each main route downloads (the entry chunk, the route's
// layouts and the route, with their static imports and CSS, as the brotli copies the host sends)
// must stay within its budget, and the parents' dashboard must carry no code that only staff use.
// `npx tsx scripts/route-budgets.ts [distDir]` after `vite build`; `npm test` runs it after its
// build and fails when a route grows past its budget. Raise a budget only with a reason in
// docs/decisions.md (issue 11).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const KiB = 1024

interface ManifestChunk {
  file: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}
export interface Build {
  dist: string
  manifest: Record<string, ManifestChunk>
  /** Chunk file → the source modules it holds (paths from the project's root). */
  modules: Record<string, string[]>
}
export interface RouteBudget {
  route?: string
  name?: string
  files: string[]
  budgetKiB: number
  forbidden?: RegExp
}

/**
 * Screens only staff use (their components and hooks, and the staff routes' components): never
 * part of a parent's or a visitor's download. Every route's options (its guard, its search rules)
 * are in the route tree of the entry by design, and are not screens.
 */
const STAFF_ONLY =
  /^src\/(features\/(members|timetable|files|mailer|system-log|reference)\/(components|hooks)\/|routes\/(admin|administration|facilitators)\/.*\?tsr-split)/

/** Route → the route files its first load is made of, and its budget in KiB on the wire. */
export const ROUTE_BUDGETS: RouteBudget[] = [
  {
    route: '/signin',
    name: 'sign-in',
    files: ['src/routes/_default.tsx', 'src/routes/_default/signin.tsx'],
    budgetKiB: 190,
  },
  {
    // A public page a visitor on 2g fills in; it is prerendered, so this is what arrives behind
    // the form.
    route: '/apply-facilitators',
    name: 'facilitator application',
    files: ['src/routes/_default.tsx', 'src/routes/_default/apply-facilitators.tsx'],
    budgetKiB: 165,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/apply-students',
    name: 'student application',
    files: ['src/routes/_default.tsx', 'src/routes/_default/apply-students.tsx'],
    budgetKiB: 170,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/parents/dash',
    name: "parents' dashboard",
    files: ['src/routes/parents/dash/route.tsx', 'src/routes/parents/dash/index.tsx'],
    budgetKiB: 260,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/facilitators/dash',
    name: "facilitators' dashboard",
    files: ['src/routes/facilitators/dash/route.tsx', 'src/routes/facilitators/dash/index.tsx'],
    budgetKiB: 320,
  },
  {
    route: '/admin/dash/members',
    name: 'admin dashboard',
    files: ['src/routes/admin/dash/route.tsx', 'src/routes/admin/dash/members.tsx'],
    budgetKiB: 320,
  },
]

/** Reads a build's Vite manifest and the module list of each chunk (see vite.config.ts). */
export function readBuild(dist: string): Build {
  const manifestFile = join(dist, '.vite/manifest.json')
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the app first`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const modulesFile = join(dist, '.vite/chunk-modules.json')
  const modules = existsSync(modulesFile) ? JSON.parse(readFileSync(modulesFile, 'utf8')) : {}
  return { dist, manifest, modules }
}

/** The files a manifest entry loads before it runs: itself, its static imports and their CSS. */
function closure(manifest: Build['manifest'], key: string, seen: Set<string>): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const css of chunk.css ?? []) seen.add(css)
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen)
  return seen
}

/** Bytes the host sends for a file: its brotli copy when the build made one. */
export function wireBytes(dist: string, file: string): number {
  const full = join(dist, file)
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size
}

/** A route's first load: its files, bytes on the wire, and any forbidden modules it carries. */
export function firstLoad(build: Build, { files, forbidden }: RouteBudget) {
  const { manifest, modules, dist } = build
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entry) throw new Error('the build has no entry chunk')
  const loaded = closure(manifest, entry, new Set())
  for (const file of files) {
    const keys = Object.keys(manifest).filter((k) => k.split('?')[0] === file)
    if (keys.length === 0) throw new Error(`${file} is not in the build's manifest`)
    for (const key of keys) closure(manifest, key, loaded)
  }
  let bytes = 0
  for (const file of loaded) bytes += wireBytes(dist, file)
  const carried = forbidden
    ? [...loaded].flatMap((file) => (modules[file] ?? []).filter((m) => forbidden.test(m)))
    : []
  return { files: loaded, bytes, forbidden: carried }
}

function main() {
  const build = readBuild(process.argv[2] ?? 'dist')
  let failed = 0
  for (const budget of ROUTE_BUDGETS) {
    const load = firstLoad(build, budget)
    const over = load.bytes > budget.budgetKiB * KiB
    const line = `${(budget.route ?? budget.files.join(' + ')).padEnd(22)} ${(load.bytes / KiB).toFixed(1).padStart(6)} KiB of ${budget.budgetKiB} KiB (${load.files.size} files)`
    console.log(`${over ? 'OVER' : 'ok  '} ${line}`)
    if (over) failed++
    if (load.forbidden.length) {
      failed++
      console.log(`FAIL ${budget.route} carries staff-only code: ${load.forbidden.join(', ')}`)
    }
  }
  if (failed) {
    console.log(`${failed} route budget check(s) failed`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()

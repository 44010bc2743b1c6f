// Requirements index: where each requirement ID (a letter for the area, two digits: `J06`) is
// cited in the project. It reads the IDs and what each asks from docs/requirements-meanings.json,
// scans the files git tracks for them, and writes the generated table of docs/requirements.md
// (between its two marker comments; the hand-written part above stays as it is).
// `npx tsx scripts/requirements-index.ts` rewrites the table; `--check` only says whether it is
// current (exit 1 when not); scripts/requirements-index.test.ts runs the check.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const DOC = 'docs/requirements.md'
export const MEANINGS = 'docs/requirements-meanings.json'
export const BEGIN = '<!-- generated: npx tsx scripts/requirements-index.ts -->'
export const END = '<!-- end generated -->'

/** What an ID looks like; only the IDs that are rows of the list count. */
const ID = /\b[A-Q][0-9]{2}\b/g
/** Left out: SQL frozen as it shipped, and the index itself (it names every ID). */
const EXCLUDED_FOLDERS = ['supabase/migrations/', 'tests/sql/upgrades/']
const INDEX_FILES = [
  DOC,
  MEANINGS,
  'scripts/requirements-index.ts',
  'scripts/requirements-index.test.ts',
]
/** How many files a cell names before "+N more". */
const SHOWN = 4

export interface SourceFile {
  path: string
  text: string
}
export interface Citations {
  /** Files of the app, the server, the docs and scripts: most citations first. */
  sources: string[]
  /** Test files (`*.test.ts(x)`, everything under tests/): most citations first. */
  tests: string[]
}

export function isTestFile(path: string): boolean {
  return path.startsWith('tests/') || /\.test\.tsx?$/.test(path)
}

export function isScanned(path: string): boolean {
  return !EXCLUDED_FOLDERS.some((folder) => path.startsWith(folder)) && !INDEX_FILES.includes(path)
}

/** The IDs of the list that each file cites, by ID (in the list's order), sources and tests apart. */
export function scan(files: SourceFile[], ids: Iterable<string>): Map<string, Citations> {
  const known = new Set(ids)
  const counts = new Map<string, Map<string, number>>()
  for (const { path, text } of files) {
    for (const [id] of text.matchAll(ID)) {
      if (!known.has(id)) continue
      const byFile = counts.get(id) ?? new Map<string, number>()
      byFile.set(path, (byFile.get(path) ?? 0) + 1)
      counts.set(id, byFile)
    }
  }
  const order = [...known]
  const result = new Map<string, Citations>()
  for (const id of order.filter((id) => counts.has(id))) {
    const ranked = [...counts.get(id)!]
      .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
      .map(([path]) => path)
    result.set(id, {
      sources: ranked.filter((path) => !isTestFile(path)),
      tests: ranked.filter(isTestFile),
    })
  }
  return result
}

/** The list's IDs with what each asks, in our words (docs/requirements-meanings.json). */
export function readMeanings(root = ROOT): Map<string, string> {
  const raw: unknown = JSON.parse(readFileSync(join(root, MEANINGS), 'utf8'))
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error(`${MEANINGS} must be one object: ID → what it asks.`)
  const meanings = new Map<string, string>()
  for (const [id, meaning] of Object.entries(raw)) {
    if (!/^[A-Q][0-9]{2}$/.test(id)) throw new Error(`${MEANINGS}: "${id}" is not an ID.`)
    if (typeof meaning !== 'string' || meaning.trim() === '')
      throw new Error(`${MEANINGS}: ${id} has no text.`)
    meanings.set(id, meaning.trim())
  }
  return meanings
}

/** The files git tracks that the index reads: text files outside the excluded folders. */
export function trackedFiles(root = ROOT): SourceFile[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path !== '' && isScanned(path))
  const files: SourceFile[] = []
  for (const path of paths) {
    const full = join(root, path)
    // A file deleted but not yet staged, a folder (a submodule): nothing to read.
    if (!existsSync(full) || !statSync(full).isFile()) continue
    const text = readFileSync(full, 'utf8')
    if (text.includes('\0')) continue // images, PDFs
    files.push({ path, text })
  }
  return files
}

function cell(paths: string[]): string {
  if (paths.length === 0) return '—'
  const shown = paths.slice(0, SHOWN).map((path) => `\`${path}\``)
  const more = paths.length > SHOWN ? ` +${paths.length - SHOWN} more` : ''
  return shown.join(', ') + more
}

/** The generated part: from the begin marker to the end marker, both included. */
export function renderTable(citations: Map<string, Citations>, meanings: Map<string, string>) {
  const missing = [...citations.keys()].filter((id) => !meanings.has(id))
  if (missing.length > 0)
    throw new Error(
      `${MEANINGS} has no text for ${missing.join(', ')}: add what each asks, in our words.`,
    )
  const rows = [...citations].map(
    ([id, { sources, tests }]) =>
      `| ${id} | ${meanings.get(id)!.replaceAll('|', '\\|')} | ${cell(sources)} | ${cell(tests)} |`,
  )
  return [
    BEGIN,
    '',
    `${citations.size} of the list's ${meanings.size} requirements are cited in the project.`,
    '',
    '<!-- prettier-ignore -->',
    '| ID | what it asks (in our words) | where it lives | tests |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    END,
    '',
  ].join('\n')
}

/** The document with its generated part replaced; the hand-written part is kept as it is. */
export function withTable(doc: string, table: string): string {
  const begin = doc.indexOf(BEGIN)
  const end = doc.indexOf(END, begin)
  if (begin < 0 || end < 0)
    throw new Error(`${DOC} has no generated part: it needs the lines ${BEGIN} and ${END}.`)
  return doc.slice(0, begin) + table + doc.slice(end + END.length).replace(/^\n*/, '')
}

/** The document as it should be now. */
export function currentDoc(root = ROOT): { written: string; expected: string } {
  const meanings = readMeanings(root)
  const written = readFileSync(join(root, DOC), 'utf8')
  const expected = withTable(
    written,
    renderTable(scan(trackedFiles(root), meanings.keys()), meanings),
  )
  return { written, expected }
}

/** The IDs whose rows differ between two versions of the document. */
export function changedIds(before: string, after: string): string[] {
  const rows = (doc: string) =>
    new Map(
      doc
        .split('\n')
        .filter((line) => /^\| [A-Q][0-9]{2} \|/.test(line))
        .map((line) => [line.slice(2, 5), line]),
    )
  const a = rows(before)
  const b = rows(after)
  return [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id)).sort()
}

function main() {
  const { written, expected } = currentDoc()
  if (process.argv.includes('--check')) {
    if (written === expected) return console.log(`${DOC} is current.`)
    const ids = changedIds(written, expected)
    console.error(
      `${DOC} is not current` +
        (ids.length > 0 ? ` (rows of ${ids.join(', ')} differ)` : '') +
        `: run \`npx tsx scripts/requirements-index.ts\` and commit the result.`,
    )
    process.exit(1)
  }
  if (written !== expected) writeFileSync(join(ROOT, DOC), expected)
  console.log(`${DOC}: ${written === expected ? 'already current' : 'table rewritten'}.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()

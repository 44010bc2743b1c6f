import { describe, expect, it } from 'vitest'
import {
  BEGIN,
  changedIds,
  currentDoc,
  DOC,
  END,
  isScanned,
  readMeanings,
  renderTable,
  scan,
  withTable,
} from './requirements-index.ts'

const ids = ['B04', 'H21', 'J06', 'J14']

describe('scanning for requirement IDs', () => {
  const citations = scan(
    [
      { path: 'sync/rules/fees/cover.ts', text: '// What a payment covers (J06, J06; J14).' },
      { path: 'src/features/fees/logic/fee-form.ts', text: '/** J06: the dialog. */' },
      { path: 'src/features/fees/logic/fee-form.test.ts', text: "describe('fee form (J06)')" },
      { path: 'tests/e2e/admission-steps.spec.ts', text: '// The meeting dialog (H21).' },
      { path: 'src/lib/noise.ts', text: 'Z99, A99 (area A has 37 rows), J066, XJ06, #H21a' },
    ],
    ids,
  )

  it('puts a file that is a test in the tests column, the others where the ID lives', () => {
    expect(citations.get('J06')).toEqual({
      sources: ['sync/rules/fees/cover.ts', 'src/features/fees/logic/fee-form.ts'],
      tests: ['src/features/fees/logic/fee-form.test.ts'],
    })
    expect(citations.get('H21')).toEqual({
      sources: [],
      tests: ['tests/e2e/admission-steps.spec.ts'],
    })
  })

  it('ignores what only looks like an ID, and IDs that are not rows of the list', () => {
    expect([...citations.keys()]).toEqual(['H21', 'J06', 'J14'])
    expect(citations.has('B04')).toBe(false)
  })

  it('leaves out migrations, earlier builds and the index itself', () => {
    expect(isScanned('supabase/migrations/20250101000000_init.sql')).toBe(false)
    expect(isScanned('tests/sql/upgrades/patches/1457f42eeb48d77d.patch')).toBe(false)
    expect(isScanned(DOC)).toBe(false)
    expect(isScanned('supabase/schemas/07_admin.sql')).toBe(true)
  })

  it('names four files a cell, then how many more, and asks for text for every cited ID', () => {
    const many = scan(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => ({ path: `src/${name}.ts`, text: 'J14' })),
      ids,
    )
    const meanings = new Map([['J14', 'A group without a fee means a fee of 0.']])
    expect(renderTable(many, meanings)).toContain(
      '| J14 | A group without a fee means a fee of 0. | `src/a.ts`, `src/b.ts`, `src/c.ts`, `src/d.ts` +2 more | — |',
    )
    expect(() => renderTable(many, new Map())).toThrow('has no text for J14')
  })

  it('replaces only the generated part of the document', () => {
    const doc = `# Hand-written\n\nIntro.\n\n${BEGIN}\nold table\n${END}\n`
    const updated = withTable(doc, `${BEGIN}\nnew table\n${END}\n`)
    expect(updated).toBe(`# Hand-written\n\nIntro.\n\n${BEGIN}\nnew table\n${END}\n`)
    expect(() => withTable('# No markers\n', '')).toThrow('has no generated part')
  })
})

describe(DOC, () => {
  it('explains every row of the list in our words', () => {
    expect(readMeanings().size).toBe(461)
  })

  it('is current: `npx tsx scripts/requirements-index.ts` regenerates it', () => {
    const { written, expected } = currentDoc()
    expect(changedIds(written, expected), `rows that differ in ${DOC}`).toEqual([])
    expect(written === expected, `${DOC} is not current`).toBe(true)
  })
})

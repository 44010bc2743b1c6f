// docs/decisions.md lists its sections by area at the top; a section added without a place in
// that index would be found only by scrolling.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const text = readFileSync(new URL('../docs/decisions.md', import.meta.url), 'utf8')
const anchorOf = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-')

describe('the index of docs/decisions.md', () => {
  const index = text.slice(
    text.indexOf('## By area'),
    text.indexOf('\n## ', text.indexOf('## By area') + 1),
  )
  const sections = [...text.matchAll(/^## (.+)$/gm)]
    .map((m) => m[1]!)
    .filter((t) => t !== 'By area')

  it('links every section, once', () => {
    const links = [...index.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1]!)
    expect([...links].sort()).toEqual(sections.map(anchorOf).sort())
  })
})

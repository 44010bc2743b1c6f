// The build step that points Mantine's ScrollArea at src/lib/merge-refs.ts: it must find the one
// import in the installed Mantine, and nothing else of @floating-ui/react may remain.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pointScrollAreaAt } from './scroll-area-refs'

const installed = readFileSync(
  'node_modules/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs',
  'utf8',
)

describe("ScrollArea's refs hook", () => {
  it('is found in the installed Mantine and pointed at the app’s hook', () => {
    const pointed = pointScrollAreaAt(installed, '/app/src/lib/merge-refs.ts')
    expect(pointed).not.toBeNull()
    expect(pointed).toContain('import { useMergeRefs } from "/app/src/lib/merge-refs.ts";')
    expect(pointed).not.toContain('@floating-ui/react')
  })

  it('leaves a source without that import alone (a Mantine release that changed it)', () => {
    expect(
      pointScrollAreaAt('import { useMergeRefs } from "@floating-ui/react/utils";', '/x'),
    ).toBeNull()
  })
})

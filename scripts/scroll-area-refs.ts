// A build step: Mantine's ScrollArea (under every Modal) takes only `useMergeRefs` from
// @floating-ui/react, and that import brought the whole positioning library onto the path of
// every screen with a dialog, a parent's home among them. The build points it at the same hook
// in src/lib/merge-refs.ts. Should a Mantine release change the import, the build says so and
// keeps Mantine's own.
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const SCROLL_AREA =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/
const IMPORT = 'import { useMergeRefs } from "@floating-ui/react";'
const HOOK = fileURLToPath(new URL('../src/lib/merge-refs.ts', import.meta.url))

/** ScrollArea's source with its one @floating-ui/react import pointed at `hook`; null if absent. */
export function pointScrollAreaAt(code: string, hook: string): string | null {
  if (!code.includes(IMPORT)) return null
  return code.replace(IMPORT, `import { useMergeRefs } from ${JSON.stringify(hook)};`)
}

export function scrollAreaRefsPlugin(): Plugin {
  return {
    name: 'scroll-area-refs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!SCROLL_AREA.test(id)) return null
      const pointed = pointScrollAreaAt(code, HOOK)
      if (pointed === null) {
        this.warn(
          "Mantine's ScrollArea no longer imports useMergeRefs as expected: it keeps @floating-ui/react (scripts/scroll-area-refs.ts).",
        )
        return null
      }
      return { code: pointed, map: null }
    },
  }
}

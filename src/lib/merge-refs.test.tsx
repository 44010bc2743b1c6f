// The hook the build gives Mantine's ScrollArea instead of @floating-ui/react's: every ref is
// set to the element, cleared when it goes, and a callback ref's own cleanup is what runs.
import { render } from '@testing-library/react'
import { MantineProvider, ScrollArea } from '@mantine/core'
import { createRef, useRef, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { useMergeRefs } from './merge-refs'

function Probe({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  const merged = useMergeRefs(refs)
  return <div data-testid="probe" ref={merged} />
}

describe('useMergeRefs', () => {
  it('sets an object ref and a callback ref to the element, and clears both when it goes', () => {
    const object = createRef<HTMLDivElement>()
    const callback = vi.fn()
    const { getByTestId, unmount } = render(<Probe refs={[object, callback, undefined]} />)
    const element = getByTestId('probe')
    expect(object.current).toBe(element)
    expect(callback).toHaveBeenCalledWith(element)
    unmount()
    expect(object.current).toBeNull()
    expect(callback).toHaveBeenLastCalledWith(null)
  })

  it("runs a callback ref's own cleanup instead of calling it with null", () => {
    const cleanup = vi.fn()
    const callback = vi.fn(() => cleanup)
    const { unmount } = render(<Probe refs={[callback]} />)
    unmount()
    expect(cleanup).toHaveBeenCalledTimes(1)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('gives no ref at all when every ref is empty', () => {
    function Empty() {
      const merged = useMergeRefs<HTMLDivElement>([undefined, null])
      return <p>{merged === null ? 'no ref' : 'a ref'}</p>
    }
    const { getByText } = render(<Empty />)
    expect(getByText('no ref')).toBeTruthy()
  })

  it("gives Mantine's ScrollArea a viewport ref that reaches both refs", () => {
    let viewport: HTMLDivElement | null = null
    function Area() {
      const ref = useRef<HTMLDivElement>(null)
      const merged = useMergeRefs([ref, (node: HTMLDivElement | null) => void (viewport = node)])
      return (
        <ScrollArea h={50} viewportRef={merged ?? undefined}>
          <p>Long text</p>
        </ScrollArea>
      )
    }
    render(<Area />, { wrapper: MantineWrapper })
    expect(viewport).not.toBeNull()
    expect((viewport as unknown as HTMLElement).textContent).toBe('Long text')
  })
})

function MantineWrapper({ children }: { children: ReactNode }) {
  return <MantineProvider>{children}</MantineProvider>
}

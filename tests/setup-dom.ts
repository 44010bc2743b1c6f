import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { closeTestDatabases } from '../src/test-utils/local-database'

// Screens open a local database first; on a busy two-core machine that can take a few seconds.
configure({ asyncUtilTimeout: 8000 })

afterEach(async () => {
  cleanup()
  await closeTestDatabases()
})

// jsdom has no matchMedia or ResizeObserver; Mantine needs both.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  ;(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserver
}

// jsdom does not scroll; Mantine's combobox scrolls the selected option into view.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}

import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { closeTestDatabases } from '@/test-utils/local-database'

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

// jsdom has no visual viewport; Mantine's modals listen to it.
if (!window.visualViewport) {
  const viewport = Object.assign(new EventTarget(), {
    width: 1280,
    height: 800,
    scale: 1,
    offsetLeft: 0,
    offsetTop: 0,
    pageLeft: 0,
    pageTop: 0,
    onresize: null,
    onscroll: null,
  })
  Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true })
}

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })
}

import { expect, test, type Page } from '@playwright/test'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { signIn } from './support/signin'

// The update flow of core.md §4 (A03) on a signed-in dashboard: a newer build is published, its
// service worker installs and waits, and the next navigation in the app hands control to it,
// which reloads the page into the new build.

const dist = new URL('../../dist/', import.meta.url)
const worker = new URL('sw.js', dist)
const variants = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => new URL(name, dist))

/** The build the controlling worker belongs to: the new one answers the question. */
function controllingBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller
        if (!controller) return resolve('none')
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(String(event.data))
        controller.postMessage({ type: 'WHICH_BUILD' }, [channel.port2])
      }),
  )
}

test('on a signed-in dashboard, a new build takes over at the next navigation', async ({
  page,
}) => {
  const saved = await Promise.all(
    variants.map(async (file) => (existsSync(file) ? await readFile(file) : null)),
  )
  const answering = (build: string) =>
    saved[0]!.toString('utf8') +
    `\nself.addEventListener('message', (e) => { if (e.data && e.data.type === 'WHICH_BUILD') e.ports[0].postMessage('${build}') })\n`
  try {
    // The running build, which says which it is (served uncompressed while the test runs).
    await Promise.all(variants.slice(1).map((file) => rm(file, { force: true })))
    await writeFile(worker, answering('first'))
    await signIn(page, 'facilitator@demo.school', 'demo-facilitator-1')
    await expect(page).toHaveURL(/\/facilitators\/dash/)
    // The worker controls the page once it has been loaded under it.
    await page.evaluate(() => navigator.serviceWorker.ready)
    await page.reload()
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
    expect(await controllingBuild(page)).toBe('first')
    await page.evaluate(() => {
      ;(window as unknown as { beforeUpdate: boolean }).beforeUpdate = true
    })

    // A new build is published: its worker differs from the one running.
    await writeFile(worker, answering('next'))

    // The app's check finds it; the new worker installs and waits.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration()
      await reg!.update()
    })
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration()
          return reg?.waiting?.state ?? reg?.installing?.state ?? 'none'
        }),
      )
      .toBe('installed')
    // Still the first build until the person moves on.
    expect(await controllingBuild(page)).toBe('first')

    // The next navigation in the app: the page reloads into the new build.
    await page
      .getByRole('link', { name: /Students/ })
      .first()
      .click()
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false,
        ),
      )
      .toBe(false)
    await expect.poll(() => controllingBuild(page)).toBe('next')
    await expect(page).toHaveURL(/\/facilitators\/dash/)
  } finally {
    await Promise.all(
      variants.map((file, i) =>
        saved[i] ? writeFile(file, saved[i]!) : rm(file, { force: true }),
      ),
    )
  }
})

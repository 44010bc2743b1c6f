import { expect, test } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'

// core §4, A03: a newer build's worker is installed and waits while the page is open; the next
// navigation lets it take control, and the open page reloads into the new build.
// Each worker's host serves its own copy of the build (tests/e2e/support/e2e-server.ts).
const swPath = `test-results/dist-${Number(process.env.E2E_PORT ?? 4173)}/sw.js`
// The published worker of the "new build": the same worker, plus an answer saying it is new.
const newBuild = (original: string) =>
  `${original}\nself.addEventListener('message', (e) => { if (e.data && e.data.type === 'WHICH_BUILD') e.ports[0].postMessage('new') })\n`

test('a published update waits, then takes over on the next navigation and reloads the page', async ({
  browser,
}) => {
  const original = readFileSync(swPath, 'utf8')
  const { context, page } = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash',
  )
  try {
    await untilServiceWorkerControls(page)
    const students = page.getByRole('link', { name: 'Students' }).first()
    await expect(students).toBeVisible()
    // Which build's worker controls the page: only the new one answers.
    const controllingBuild = () =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const controller = navigator.serviceWorker.controller
            if (!controller) return resolve('none')
            const channel = new MessageChannel()
            channel.port1.onmessage = (e) => resolve(String(e.data))
            controller.postMessage({ type: 'WHICH_BUILD' }, [channel.port2])
            setTimeout(() => resolve('old'), 1000)
          }),
      )
    expect(await controllingBuild()).toBe('old')

    writeFileSync(swPath, newBuild(original))
    let loads = 0
    page.on('load', () => loads++)
    // What the hourly check does when a newer build exists: the worker is fetched again.
    const found = await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.getRegistration())!
      await reg.update()
      const next = reg.installing ?? reg.waiting
      if (next && next.state !== 'installed')
        await new Promise<void>((done) =>
          next.addEventListener('statechange', () => next.state === 'installed' && done()),
        )
      return { waiting: reg.waiting?.state ?? null, active: reg.active?.state ?? null }
    })
    expect(found).toEqual({ waiting: 'installed', active: 'activated' })
    // Installed, it waits: the open page keeps the old build and is not reloaded.
    await page.waitForTimeout(1000)
    expect(await controllingBuild()).toBe('old')
    expect(loads).toBe(0)

    // The next navigation hands over, and the page reloads into the new build at its destination.
    await students.click()
    await expect.poll(() => loads, { timeout: 15_000 }).toBeGreaterThan(0)
    await expect(page).toHaveURL(/\/facilitators\/dash\?pane=students$/)
    await expect.poll(controllingBuild).toBe('new')
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = (await navigator.serviceWorker.getRegistration())!
          return { waiting: reg.waiting, active: reg.active?.state }
        }),
      )
      .toEqual({ waiting: null, active: 'activated' })
    await expect(page.getByRole('heading', { name: 'Students' }).first()).toBeVisible()
  } finally {
    writeFileSync(swPath, original)
    await context.close()
  }
})

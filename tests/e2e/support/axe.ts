import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Waits until every finite animation or transition has ended (spinners, which never end, run on). */
async function stillPage(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined)
}

const NOTIFICATION = /mantine-Notification/

/**
 * The serious and critical WCAG 2.1 A/AA (and best-practice) violations axe-core finds on the
 * page, one line each with up to three of the elements. `exclude` leaves out parts that are not
 * the app's own screen (an e-mail's HTML in its preview frame).
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // A notification sliding in or out is half transparent: its colours are judged once every
  // finite transition has ended. One that starts to leave while axe reads the page (its time is
  // up) is judged again once it is still, up to three times.
  for (let attempt = 1; ; attempt++) {
    await stillPage(page)
    let builder = new AxeBuilder({ page }).withTags([
      'wcag2a',
      'wcag2aa',
      'wcag21a',
      'wcag21aa',
      'best-practice',
    ])
    for (const selector of exclude) builder = builder.exclude(selector)
    const { violations } = await builder.analyze()
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    const inMotion = serious.some(
      (v) =>
        v.id === 'color-contrast' &&
        // axe names an element by its shortest unique selector (often Mantine's hashed class,
        // .m_3d733a3a), so the element's own markup says whether it belongs to a notification.
        v.nodes.every(
          (n) => NOTIFICATION.test(n.html) || n.target.some((t) => NOTIFICATION.test(String(t))),
        ),
    )
    if (inMotion && attempt < 3) continue
    return serious.map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
  }
}

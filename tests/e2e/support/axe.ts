import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * The serious and critical WCAG 2.1 A/AA (and best-practice) violations axe-core finds on the
 * page, one line each with up to three of the elements. `exclude` leaves out parts that are not
 * the app's own screen (an e-mail's HTML in its preview frame).
 */
export async function seriousViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // A notification sliding in or out is half transparent: its colours are judged once every
  // finite transition has ended (spinners, which never end, are left running).
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
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ])
  for (const selector of exclude) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
}

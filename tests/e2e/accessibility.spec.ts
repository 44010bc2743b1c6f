import { expect, test, type Browser } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signInContext } from './support/session'

// Every built screen, in the light and the dark scheme, on a phone held upright and on a
// laptop: axe-core finds no serious or critical violation of WCAG 2.1 A/AA.
const screens: { who: string | null; paths: string[] }[] = [
  {
    who: null,
    paths: [
      '/',
      '/signin',
      '/connect-account',
      '/legal/privacy-policy',
      '/legal/terms-of-service',
      '/apply-facilitators',
      '/apply-students',
      '/apply-onboarding',
      '/no-such-page',
    ],
  },
  {
    who: 'admin',
    paths: [
      '/admin/dash/members',
      '/admin/dash/files',
      '/admin/dash/errors',
      '/admin/dash/warnings',
      '/admin/dash/nodemailer',
      '/admin/dash/whatsapp',
      '/admin/dash/facilitators',
      '/admin/dash/settings',
    ],
  },
  {
    who: 'facilitator-admin',
    paths: [
      '/facilitators/dash?pane=lessons&week=2026_47',
      '/facilitators/dash?pane=groups&week=2026_47',
      '/facilitators/dash?pane=students&week=2026_47',
      '/facilitators/dash?pane=assignments',
      '/facilitators/dash?pane=resources',
      '/facilitators/dash?pane=feedback',
      '/facilitators/dash/groupDays?group=rg-tanni&week=2026_47',
      '/facilitators/dash/students?student=st-anya&week=2026_47',
      '/facilitators/settings',
    ],
  },
  {
    who: 'administration',
    paths: [
      '/administration/dash',
      '/administration/dash/families',
      '/administration/dash/students',
      '/administration/dash?pane=archive',
      '/administration/dash?pane=payments',
      '/administration/dash?pane=reminders',
      '/administration/dash?pane=accounting',
    ],
  },
  {
    who: 'guardian',
    paths: [
      '/parents/dash',
      '/parents/dash?pane=payments',
      '/parents/dash?pane=feedback',
      '/parents/dash?pane=profile',
      '/parents/settings',
    ],
  },
  { who: 'student', paths: ['/students/dash'] },
]

const password = (who: string) => `demo-${who}-1`

// Each screen is loaded once and judged in all four ways: the width and the scheme change on the
// open page, as they do when a phone turns or the system switches to dark.
const views = [
  { width: 360, colorScheme: 'light' },
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 360, colorScheme: 'dark' },
] as const

async function visitAll(browser: Browser, who: string | null, paths: string[]) {
  const found: string[] = []
  const context = await browser.newContext({ colorScheme: 'light' })
  if (who) await signInContext(context, `${who}@demo.school`, password(who))
  const page = await context.newPage()
  for (const path of paths) {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
      timeout: 20_000,
    })
    // Lists and counts that load after the heading are part of the screen.
    await page.waitForLoadState('networkidle')
    for (const { width, colorScheme } of views) {
      await page.emulateMedia({ colorScheme })
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
      // The app follows the system's scheme as it changes.
      if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/dark-mode/)
      else await expect(page.locator('html')).not.toHaveClass(/dark-mode/)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Two frames: what the new width or scheme re-renders is on the screen.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      for (const v of await seriousViolations(page))
        found.push(`${path} ${colorScheme} ${width}px: ${v}`)
    }
  }
  await context.close()
  return found
}

// The six sign-ins are shared out between the workers.
test.describe.configure({ mode: 'parallel' })

for (const { who, paths } of screens) {
  test(`no serious or critical accessibility violations: ${who ?? 'signed out'}`, async ({
    browser,
  }) => {
    test.setTimeout(600_000)
    expect(await visitAll(browser, who, paths)).toEqual([])
  })
}

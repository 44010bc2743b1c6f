import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import {
  adminItems,
  administrationItems,
  facilitatorItems,
  parentsItems,
  trialsItem,
} from '@/lib/navigation/model'

// Every pane treated as built, so the layouts show the full navigation model.
const everyScreen = new Set(
  [...adminItems, ...administrationItems, ...facilitatorItems, trialsItem, ...parentsItems].map(
    (i) => i.key,
  ),
)

async function paneLabels() {
  const pane = await screen.findByTestId('side-pane')
  return within(pane)
    .queryAllByRole('link')
    .map((a) => a.textContent)
}

describe.each([1280, 390])('side panes at %ipx', (width) => {
  const mobile = width <= 992

  it('admin', async () => {
    setViewportWidth(width)
    await renderApp({
      path: '/admin/dash/members',
      member: testMember({ role: 'admin', isSystemAdmin: true }),
      screens: everyScreen,
    })
    expect(await paneLabels()).toEqual(adminItems.map((i) => i.label))
  })

  it.each(['administration', 'admission'] as const)('%s', async (role) => {
    setViewportWidth(width)
    await renderApp({
      path: '/administration/dash',
      member: testMember({ role }),
      screens: everyScreen,
    })
    const all = administrationItems.map((i) => i.label)
    expect(await paneLabels()).toEqual(mobile ? all.slice(3) : all)
    expect(screen.getByRole('heading', { name: 'Administration Dashboard' })).toBeInTheDocument()
  })

  it.each([
    [{ role: 'facilitator' as const, isFacilitatorAdmin: true }, true],
    [{ role: 'facilitator' as const, isFacilitatorAdmin: false }, false],
    [{ role: 'guardian' as const, isParentFacilitator: true }, false],
  ])('facilitator %o', async (flags, sees) => {
    setViewportWidth(width)
    await renderApp({ path: '/facilitators/dash', member: testMember(flags), screens: everyScreen })
    const labels = await paneLabels()
    expect(labels.includes('Mixed Groups')).toBe(sees)
    expect(labels.includes('Lessons')).toBe(!mobile)
    expect(labels.includes('Groups')).toBe(!mobile)
    expect(labels[mobile ? 0 : 2]).toBe('Students')
  })

  it('parents', async () => {
    setViewportWidth(width)
    await renderApp({
      path: '/parents/dash',
      member: testMember({ role: 'guardian' }),
      screens: everyScreen,
    })
    expect(await paneLabels()).toEqual(['Home', 'Payments', 'Feedback'])
    const home = screen.getByRole('link', { name: 'Home' })
    expect(home).toHaveAttribute('data-active')
  })
})

describe('the current pane', () => {
  it.each([
    ['/administration/dash', 'Pre-Admission'],
    ['/administration/dash/students', 'Students'],
    ['/administration/dash/families', 'Families'],
    ['/administration/dash?pane=archive', 'Archive'],
  ])('at %s is %s alone', async (path, current) => {
    setViewportWidth(1280)
    await renderApp({ path, member: testMember({ role: 'administration' }), screens: everyScreen })
    await paneLabels()
    const nav = screen.getByTestId('side-pane')
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .filter((l) => l.hasAttribute('data-active') || l.getAttribute('aria-current') === 'page')
          .map((l) => l.textContent),
      ).toEqual([current]),
    )
  })
})

describe("the parents' built panes", () => {
  it('are Home, Payments and Feedback', async () => {
    setViewportWidth(1280)
    await renderApp({ path: '/parents/dash', member: testMember({ role: 'guardian' }) })
    expect(await paneLabels()).toEqual(['Home', 'Payments', 'Feedback'])
  })
})

describe('unbuilt screens', () => {
  it('are hidden from the pane and their route shows the 404 screen', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/facilitators/dash?pane=notes',
      member: testMember({ role: 'facilitator' }),
      screens: new Set(['facilitator.lessons', 'facilitator.groups']),
    })
    expect(await paneLabels()).toEqual(['Lessons', 'Groups'])
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument(),
    )
    expect(screen.getByTestId('not-found-path')).toHaveTextContent('/facilitators/dash?pane=notes')
  })
})

describe('an unbuilt pane', () => {
  it.each([['/administration/dash?pane=events', { role: 'administration' as const }]])(
    '%s says the same thing on every dashboard: not found, with its whole address',
    async (path, flags) => {
      setViewportWidth(1280)
      // Every administration pane is built now: this one is treated as not built yet.
      await renderApp({
        path,
        member: testMember(flags),
        screens: new Set([...everyScreen].filter((key) => key !== 'administration.events')),
      })
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument(),
      )
      expect(screen.getByTestId('not-found-path')).toHaveTextContent(path)
      expect(screen.getByTestId('side-pane')).toBeInTheDocument()
    },
  )
})

describe('guards in the router', () => {
  it('send a signed-out visitor to /signin with the way back', async () => {
    setViewportWidth(1280)
    const { router } = await renderApp({ path: '/parents/dash', member: null })
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(router.state.location.search).toEqual({ redirect: '/parents/dash' })
  })

  it('send a member of another role to their own dashboard', async () => {
    setViewportWidth(1280)
    const { router } = await renderApp({
      path: '/admin/dash/members',
      member: testMember({ role: 'guardian' }),
      screens: everyScreen,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/parents/dash'))
  })
})

describe('the dashboard header', () => {
  it.each([
    [360, 'a dot'],
    [1280, 'the word'],
  ])(
    'at %ipx shows being online as %s and the settings link as a gear or a word',
    async (width) => {
      setViewportWidth(width)
      await renderApp({
        path: '/admin/dash/members',
        member: testMember({ role: 'admin', isSystemAdmin: true }),
        screens: everyScreen,
      })
      const online = await screen.findByTestId('online-status')
      expect(online).toHaveTextContent(/^Online$/)
      // On a phone the word is only for screen readers; the badge shows it on wider screens.
      expect(online.classList.contains('mantine-Badge-root')).toBe(width > 575)
      const settings = screen.getByRole('link', { name: 'Settings' })
      expect(settings).toHaveAttribute('href', '/admin/dash/settings')
      expect(settings).toHaveTextContent(width > 575 ? 'Settings' : '⚙')
    },
  )
})

describe('the Mixed Groups pane', () => {
  it.each([
    [{ role: 'facilitator' as const, isFacilitatorAdmin: false }],
    [{ role: 'guardian' as const, isParentFacilitator: true }],
  ])('is not found for %o, whose menu does not offer it', async (flags) => {
    const path = '/facilitators/dash?pane=mixed-groups'
    setViewportWidth(1280)
    await renderApp({ path, member: testMember(flags) })
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument(),
    )
    expect(screen.getByTestId('not-found-path')).toHaveTextContent(path)
    expect(screen.queryByRole('heading', { name: 'Mixed Groups' })).not.toBeInTheDocument()
  })

  it('opens for a facilitator admin', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/facilitators/dash?pane=mixed-groups',
      member: testMember({ role: 'facilitator', isFacilitatorAdmin: true }),
    })
    await waitFor(() =>
      expect(
        screen.queryByText('Opening mixed groups…') ??
          screen.queryByText('Loading mixed groups…') ??
          screen.queryByRole('heading', { name: 'Mixed Groups', level: 1 }),
      ).not.toBeNull(),
    )
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument()
  })
})

import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import { builtScreens } from './screens'
import { welcomeFor } from '@/lib/navigation/welcome'

describe.each([360, 1280])('landing at %ipx', (width) => {
  it.each([
    ['administration', '/administration/dash', 'Pre-Admission'],
    ['admission', '/administration/dash', 'Pre-Admission'],
  ] as const)('a %s lands on a welcome, never the 404 screen', async (role, path, firstComing) => {
    setViewportWidth(width)
    const { router } = await renderApp({ path, member: testMember({ role, name: 'Asha Rao' }) })
    const welcome = await screen.findByTestId('dashboard-welcome')
    expect(router.state.location.pathname).toBe(path)
    expect(within(welcome).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome, Asha Rao',
    )
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument()
    expect(within(welcome).getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/facilitators/settings',
    )
    expect(within(welcome).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
    if (firstComing) {
      expect(
        within(screen.getByTestId('welcome-coming')).getAllByRole('listitem')[0],
      ).toHaveTextContent(firstComing)
    }
    // Nothing to choose yet: no empty side pane and no burger that opens one.
    expect(screen.queryByTestId('side-pane')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument()
  })
})

it('the dashboard header offers the account menu on a dashboard with nothing built', async () => {
  setViewportWidth(1280)
  await renderApp({ path: '/administration/dash', member: testMember({ role: 'administration' }) })
  await screen.findByTestId('dashboard-welcome')
  expect(screen.getByRole('button', { name: /Test Member/ })).toBeInTheDocument()
})

it.each(['families', 'inquiries', 'students'])(
  'the unbuilt /administration/dash/%s welcomes staff instead of the 404 screen',
  async (path) => {
    setViewportWidth(1280)
    await renderApp({
      path: `/administration/dash/${path}`,
      member: testMember({ role: 'admission' }),
    })
    expect(await screen.findByTestId('dashboard-welcome')).toBeInTheDocument()
  },
)

describe('the 404 screen', () => {
  it.each([
    [testMember({ role: 'guardian' }), '/parents/dash'],
    [testMember({ role: 'administration' }), '/administration/dash'],
    [testMember({ role: 'facilitator' }), '/facilitators/dash'],
    [null, '/'],
  ])('sends %#: %o home to %s', async (member, home) => {
    setViewportWidth(1280)
    await renderApp({ path: '/no-such-page', member })
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Get back to Homepage' })).toHaveAttribute(
        'href',
        home,
      ),
    )
  })
})

describe('welcomeFor', () => {
  it('lists only links to built screens, and the panes still to come', () => {
    const w = welcomeFor('administration', testMember({ role: 'admission' }), builtScreens)
    expect(w.today.map((l) => l.to)).toEqual(['/facilitators/settings'])
    expect(w.coming[0]).toBe('Pre-Admission')
  })
  it('offers an admin their admin dashboard', () => {
    const w = welcomeFor('administration', testMember({ role: 'admin' }), builtScreens)
    expect(w.today.map((l) => l.label)).toEqual(['Admin dashboard', 'Account settings'])
  })
  it('drops a pane from the coming list once its screen is built', () => {
    const built = new Set([...builtScreens, 'administration.inquiries'])
    const w = welcomeFor('administration', testMember({ role: 'administration' }), built)
    expect(w.coming[0]).toBe('Families')
  })
})

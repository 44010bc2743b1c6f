import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import { builtScreens } from './screens'
import { welcomeFor } from '@/lib/navigation/welcome'

describe.each([360, 1280])('a dashboard without its default pane at %ipx', (width) => {
  it('welcomes staff instead of an empty page', async () => {
    setViewportWidth(width)
    await renderApp({
      path: '/administration/dash',
      member: testMember({ role: 'admission', name: 'Asha Rao' }),
      screens: new Set([...builtScreens].filter((s) => s !== 'administration.inquiries')),
    })
    const welcome = await screen.findByTestId('dashboard-welcome')
    expect(within(welcome).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome, Asha Rao',
    )
    expect(within(welcome).getByTestId('welcome-coming')).toHaveTextContent('Pre-Admission')
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument()
    expect(within(welcome).getByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })
})

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
    const without = new Set([...builtScreens].filter((s) => s !== 'administration.inquiries'))
    const w = welcomeFor('administration', testMember({ role: 'admission' }), without)
    expect(w.today.map((l) => l.to)).toEqual(['/facilitators/settings'])
    expect(w.coming[0]).toBe('Pre-Admission')
  })
  it('offers an admin their admin dashboard', () => {
    const w = welcomeFor('administration', testMember({ role: 'admin' }), builtScreens)
    expect(w.today.map((l) => l.label)).toEqual(['Admin dashboard', 'Account settings'])
  })
  it('drops a pane from the coming list once its screen is built', () => {
    const member = testMember({ role: 'administration' })
    const without = new Set([...builtScreens].filter((s) => s !== 'administration.events'))
    expect(welcomeFor('administration', member, without).coming).toEqual(['Events'])
    expect(welcomeFor('administration', member, builtScreens).coming).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// The account menu in the dashboard header: what a person reaches from it, by who they are.
async function openMenu() {
  fireEvent.click(await screen.findByTestId('account-menu'))
  // Every menu has Account settings; once it is there, the menu has loaded. (jsdom runs no
  // transitions, so the items are looked up whether or not the dropdown has finished showing.)
  await screen.findByRole('menuitem', { name: 'Account settings', hidden: true })
  return screen
}

const linkOf = (menu: Awaited<ReturnType<typeof openMenu>>, name: string) =>
  menu.getByRole('menuitem', { name, hidden: true }).getAttribute('href')

describe('the account menu', () => {
  it("takes a parent to the family profile and the parents' account settings", async () => {
    setViewportWidth(360)
    const { router } = await renderApp({
      path: '/parents/dash?pane=payments',
      member: testMember({ role: 'guardian', familyToken: 'demo-family' }),
    })
    const menu = await openMenu()
    expect(linkOf(menu, 'Account settings')).toBe('/parents/settings')
    expect(linkOf(menu, 'Family profile')).toBe('/parents/dash?pane=profile')
    expect(
      menu.queryByRole('menuitem', { name: "Facilitators' dashboard", hidden: true }),
    ).toBeNull()
    fireEvent.click(menu.getByRole('menuitem', { name: 'Family profile', hidden: true }))
    await waitFor(() => expect(router.state.location.search).toEqual({ pane: 'profile' }))
  })

  it('lets a parent who is also a facilitator switch between the two dashboards', async () => {
    setViewportWidth(1280)
    const { router } = await renderApp({
      path: '/parents/dash',
      member: testMember({
        role: 'guardian',
        familyToken: 'demo-family',
        isParentFacilitator: true,
      }),
    })
    const menu = await openMenu()
    expect(linkOf(menu, "Parents' dashboard")).toBe('/parents/dash')
    expect(linkOf(menu, "Facilitators' dashboard")).toBe('/facilitators/dash')
    fireEvent.click(menu.getByRole('menuitem', { name: "Facilitators' dashboard", hidden: true }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/facilitators/dash'))
  })

  it('keeps staff on their own settings, with no family profile', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/facilitators/dash',
      member: testMember({ role: 'facilitator', facilitatorId: 'f-1' }),
    })
    const menu = await openMenu()
    expect(linkOf(menu, 'Account settings')).toBe('/facilitators/settings')
    expect(menu.queryByRole('menuitem', { name: 'Family profile', hidden: true })).toBeNull()
    expect(menu.queryByRole('menuitem', { name: "Parents' dashboard", hidden: true })).toBeNull()
  })
})

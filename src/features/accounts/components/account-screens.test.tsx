import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// The account screens in the real router, driven as a person would. Nothing here reaches a
// server: these are the checks the screens make before sending anything.
describe('account screens', () => {
  it('/signin asks for a valid e-mail before anything is sent', async () => {
    await renderApp({ path: '/signin' })
    const user = userEvent.setup()
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@demo')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Password' })).not.toBeInTheDocument()
  })

  it('/signin?email=… starts at the password (C03) and offers the forgotten-password form', async () => {
    await renderApp({ path: '/signin?email=Maria%40Demo.School' })
    const user = userEvent.setup()
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@demo.school')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('Please enter your password.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@demo.school')
  })

  it('/connect-account checks the number for its country before looking it up (E08, E09)', async () => {
    setViewportWidth(360)
    await renderApp({ path: '/connect-account' })
    const user = userEvent.setup()
    const country = await screen.findByRole('combobox', { name: 'Country code' })
    expect(country).toHaveValue('IN')
    await user.type(screen.getByRole('textbox', { name: 'WhatsApp number' }), '98765 4321')
    await user.click(screen.getByRole('button', { name: 'Find my account' }))
    expect(await screen.findByText('An Indian mobile number has 10 digits.')).toBeInTheDocument()
    await user.selectOptions(country, 'GB')
    expect(screen.getByText('10 digits after +44')).toBeInTheDocument()
  })

  it('/reset-password without its code says the link is not valid', async () => {
    await renderApp({ path: '/reset-password' })
    expect(
      await screen.findByText('This link is invalid or has expired. Please ask for a new one.'),
    ).toBeInTheDocument()
  })

  it('/reset-password with its code checks the new password and its repeat before sending them', async () => {
    await renderApp({ path: '/reset-password?oobCode=code-from-the-link' })
    const user = userEvent.setup()
    const save = await screen.findByRole('button', { name: 'Save the new password' })
    await user.click(save)
    expect(await screen.findByText('Please choose a password.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^New password/), '12345')
    await user.click(save)
    expect(await screen.findByText('Use at least 6 characters.')).toBeInTheDocument()
    expect(screen.queryByText('The two passwords do not match.')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText(/^New password/), '6')
    await user.type(screen.getByLabelText(/^Repeat the new password/), '123457')
    await user.click(save)
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument()
    expect(screen.queryByText('Use at least 6 characters.')).not.toBeInTheDocument()
  })

  it('/facilitators/settings shows the account and checks a new password before sending it', async () => {
    await renderApp({
      path: '/facilitators/settings',
      member: testMember({
        name: 'Asha Gaonkar',
        email: 'facilitator@demo.school',
        role: 'facilitator',
      }),
    })
    const user = userEvent.setup()
    expect(await screen.findByTestId('account-name')).toHaveTextContent('Asha Gaonkar')
    expect(screen.getByTestId('account-role')).toHaveTextContent('Facilitator')
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/facilitators/dash',
    )
    await user.type(screen.getByLabelText(/^New password/), 'new-pass-1')
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'new-pass-2')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Please enter your current password.')).toBeInTheDocument()
    expect(screen.getByText('The two passwords do not match.')).toBeInTheDocument()
  })

  it('the header menu warns before signing out with changes not synced yet', async () => {
    setViewportWidth(1280)
    const member = testMember({ name: 'Anita Admin', role: 'admin', isSystemAdmin: true })
    // Three records made on this device and never synced.
    await renderApp({
      path: '/admin/dash/members',
      member,
      seed: (db) =>
        db.reference
          .bulkInsert(
            ['a', 'b', 'c'].map((n) => ({ id: `rc-${n}`, kind: 'classroom', data: { name: n } })),
          )
          .then(() => undefined),
    })
    const user = userEvent.setup()
    // The dashboard opens its database first, which is slow on a busy machine.
    const button = await screen.findByRole(
      'button',
      { name: 'Anita Admin: account menu' },
      { timeout: 20_000 },
    )
    await user.click(button)
    // Mantine keeps the dropdown styled as in transition under jsdom, so roles are looked up
    // regardless of visibility.
    const menu = await screen.findByRole('menu', { hidden: true })
    expect(
      within(menu).getByRole('menuitem', { name: 'Account settings', hidden: true }),
    ).toHaveAttribute('href', '/facilitators/settings')
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out', hidden: true }))
    await waitFor(
      () =>
        expect(screen.getByTestId('unsynced-warning')).toHaveTextContent(
          '3 changes on this device are not synced yet. Signing out now deletes them from this device.',
        ),
      { timeout: 20_000 },
    )
    await user.click(screen.getByRole('button', { name: 'Stay signed in', hidden: true }))
    await waitFor(() => expect(screen.queryByTestId('unsynced-warning')).not.toBeInTheDocument())
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { ReminderDialog, type ReminderDialogProps } from './reminder-dialog'

afterEach(cleanup)

const mail = {
  to: ['priya@example.com', 'daniel@example.com'],
  subject: 'Fee reminder from Banyan Tree: ₹16,700.00 due',
  html: '<p>Dear Priya Naik,</p>',
}

function show(over: Partial<ReminderDialogProps>) {
  const props: ReminderDialogProps = {
    familyName: 'Naik',
    mail,
    online: true,
    send: vi.fn(async () => ({ ok: true as const, message: 'Email sent' })),
    onSent: vi.fn(),
    onClose: vi.fn(),
    ...over,
  }
  render(
    <MantineProvider>
      <ReminderDialog {...props} />
    </MantineProvider>,
  )
  return props
}

describe('the reminder dialog (J30)', () => {
  it('shows who gets what, and sends only when confirmed', async () => {
    const props = show({})
    const dialog = await screen.findByRole('dialog', { name: 'Send a reminder to the Naik family' })
    expect(dialog).toHaveTextContent('To: priya@example.com, daniel@example.com')
    expect(dialog).toHaveTextContent(`Subject: ${mail.subject}`)
    expect(props.send).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(props.onSent).toHaveBeenCalledWith('Email sent'))
    expect(props.send).toHaveBeenCalledWith(mail)
  })

  it.each([
    ['an answer that refuses', async () => ({ ok: false as const, message: 'Choose a sender' })],
    [
      'a call that fails',
      async (): Promise<{ ok: true; message: string }> => {
        throw new Error('Choose a sender')
      },
    ],
  ])('says why the reminder was not sent after %s, and stays open', async (_, send) => {
    const props = show({ send })
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    expect(await screen.findByText('The reminder was not sent')).toBeInTheDocument()
    expect(screen.getByText('Choose a sender')).toBeInTheDocument()
    expect(props.onSent).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('cannot send offline', async () => {
    show({ online: false })
    expect(await screen.findByRole('button', { name: 'Send' })).toBeDisabled()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DEFAULT_TEMPLATES } from '@sync/rules/messaging/templates'
import { EMAIL_TEMPLATES_KEY } from '@/lib/email-templates'
import { rpc } from '@/lib/rpc'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// The server's answers, given here: the log is empty, and the centre's templates are what
// `stored` holds; saving and resetting change it as the server would.
let stored: {
  name: string
  subject: string
  html: string
  updated_at: string
  updated_by: string
}[]
vi.mock('@/lib/rpc', () => ({ rpc: vi.fn() }))
const calls = () => vi.mocked(rpc).mock.calls.map(([name, args]) => [name, args])

beforeEach(() => {
  stored = []
  localStorage.clear()
  vi.mocked(rpc).mockImplementation(async (name: string, args: Record<string, unknown>) => {
    if (name === 'email_templates') return { ok: true, data: stored as never }
    if (name === 'admin_list_emails')
      return { ok: true, data: { rows: [], total: 0, pageSize: 15, serverProblem: null } as never }
    if (name === 'save_email_template') {
      stored = [
        {
          ...(args as { name: string; subject: string; html: string }),
          updated_at: '2026-11-27T10:04:00Z',
          updated_by: 'Anita Admin',
        },
      ]
      return { ok: true, data: { type: 'success', message: 'Template saved' } as never }
    }
    if (name === 'reset_email_template') {
      stored = []
      return {
        ok: true,
        data: { type: 'success', message: 'Template back to the default' } as never,
      }
    }
    return { ok: false, offline: false, message: `unexpected ${name}` }
  })
})
afterEach(() => {
  vi.mocked(rpc).mockReset()
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true })
})

async function openTemplates() {
  setViewportWidth(1280)
  await renderApp({
    path: '/admin/dash/nodemailer',
    member: testMember({ role: 'admin', isSystemAdmin: true }),
  })
  await userEvent.click(await screen.findByRole('tab', { name: 'Templates' }))
  const editor = await screen.findByTestId('template-editor')
  await within(editor).findByRole('textbox', { name: /Subject/ })
  return editor
}

async function chooseTrial(editor: HTMLElement) {
  // A Mantine select: its list opens beside it, and the option is picked from that list.
  const input = within(editor).getByRole('combobox', { name: 'Template' })
  await userEvent.click(input)
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '')
    if (!el) throw new Error('the list did not open')
    return el
  })
  await userEvent.click(within(list).getByText('Trial'))
  await waitFor(() =>
    expect(within(editor).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      DEFAULT_TEMPLATES.trial.subject,
    ),
  )
}

async function writeSubject(editor: HTMLElement, text: string) {
  const subject = within(editor).getByRole('textbox', { name: /Subject/ })
  await userEvent.clear(subject)
  await userEvent.click(subject)
  await userEvent.paste(text)
}

describe('the e-mail template editor', () => {
  it('refuses an unknown placeholder, saves a good version and shows who changed it', async () => {
    const editor = await openTemplates()
    expect(within(editor).getByTestId('template-version')).toHaveTextContent('The app’s default')
    await chooseTrial(editor)

    await writeSubject(editor, 'Trial week for {{studentName}} {{nonsense}}')
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(within(editor).getByText('Unknown placeholder {{nonsense}}')).toBeInTheDocument()
    expect(calls().filter(([name]) => name === 'save_email_template')).toEqual([])

    await writeSubject(editor, 'Trial week for {{studentName}}')
    await waitFor(() =>
      expect(within(editor).getByTestId('template-preview')).toHaveTextContent(
        'Subject: Trial week for [Student]',
      ),
    )
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Template saved')).toBeInTheDocument()
    expect(calls()).toContainEqual([
      'save_email_template',
      {
        name: 'trial',
        subject: 'Trial week for {{studentName}}',
        html: DEFAULT_TEMPLATES.trial.html,
      },
    ])
    await waitFor(() =>
      expect(within(editor).getByTestId('template-version')).toHaveTextContent(
        /Changed by Anita Admin on 27 Nov 2026 at/,
      ),
    )
    // The device keeps the centre's version for when it is offline.
    expect(JSON.parse(localStorage.getItem(EMAIL_TEMPLATES_KEY)!)).toMatchObject([
      { name: 'trial', subject: 'Trial week for {{studentName}}' },
    ])
  })

  it('goes back to the default once confirmed', async () => {
    stored = [
      {
        name: 'meeting',
        subject: 'Come and meet us, {{parentNames}}',
        html: '<p>Hello</p>',
        updated_at: '2026-11-26T08:00:00Z',
        updated_by: 'Savio Pereira',
      },
    ]
    const editor = await openTemplates()
    expect(within(editor).getByRole('textbox', { name: /Subject/ })).toHaveValue(
      'Come and meet us, {{parentNames}}',
    )
    await userEvent.click(within(editor).getByRole('button', { name: 'Back to the default' }))
    const confirm = await screen.findByRole('dialog', { name: 'Back to the default' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Back to the default' }))
    expect(await screen.findByText('Template back to the default')).toBeInTheDocument()
    expect(calls()).toContainEqual(['reset_email_template', { name: 'meeting' }])
    await waitFor(() =>
      expect(within(editor).getByRole('textbox', { name: /Subject/ })).toHaveValue(
        DEFAULT_TEMPLATES.meeting.subject,
      ),
    )
    expect(within(editor).getByTestId('template-version')).toHaveTextContent('The app’s default')
  })

  it('says a change needs a connection when offline, and writes nothing', async () => {
    const editor = await openTemplates()
    await writeSubject(editor, 'Meeting on {{meetingDate}}')
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saving a template needs a connection.')).toBeInTheDocument()
    expect(calls().filter(([name]) => name === 'save_email_template')).toEqual([])
  })
})

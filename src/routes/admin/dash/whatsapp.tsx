import { createFileRoute } from '@tanstack/react-router'
import { WhatsAppScreen } from '@/features/whatsapp/components/whatsapp-screen'

interface Search {
  /** A number whose chat opens with the pane (digits, as other screens link to it). */
  chat?: string
}

export const Route = createFileRoute('/admin/dash/whatsapp')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  // The router reads ?chat=919… as a number: any digits given are taken as text.
  validateSearch: (search: Record<string, unknown>): Search =>
    (typeof search.chat === 'string' || typeof search.chat === 'number') && String(search.chat)
      ? { chat: String(search.chat) }
      : {},
  component: WhatsAppPane,
})

function WhatsAppPane() {
  const { chat } = Route.useSearch()
  return <WhatsAppScreen chat={chat} />
}

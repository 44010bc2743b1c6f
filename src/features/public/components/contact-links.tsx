import { Anchor } from '@mantine/core'
import { centre } from '@/lib/centre'
import { mailtoHrefOf, telHrefOf, whatsAppHrefOf } from '../logic/contact-links'

export function EmailLink() {
  return <Anchor href={mailtoHrefOf(centre.email)}>{centre.email}</Anchor>
}

export function PhoneLink() {
  return <Anchor href={telHrefOf(centre.phone)}>{centre.phone}</Anchor>
}

export function WhatsAppLink({ children = 'WhatsApp' }: { children?: string }) {
  return (
    <Anchor href={whatsAppHrefOf(centre.phone)} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  )
}

import { Anchor, Text } from '@mantine/core'
import { centre } from '@/lib/centre'
import { TERMS_OF_SERVICE_EFFECTIVE_DATE } from './legal-dates'
import { LegalDocument } from './legal-document'
import { termsSections } from './terms-of-service-sections'

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of service"
      effectiveDate={TERMS_OF_SERVICE_EFFECTIVE_DATE}
      sections={termsSections}
      intro={
        <>
          <Text>
            These terms apply to everyone who uses the {centre.name} app. They sit alongside the
            admission and fee agreement a family makes with the centre and, for staff, their work
            agreement; where these terms and such an agreement differ, the agreement governs. Our{' '}
            <Anchor href="/legal/privacy-policy">privacy policy</Anchor> explains how we handle
            personal data.
          </Text>
          <Text>By signing in or sending us a form through the app, you accept these terms.</Text>
        </>
      }
    />
  )
}

import { Text } from '@mantine/core'
import { centre } from '@/lib/centre'
import { EmailLink } from './contact-links'
import { PRIVACY_POLICY_EFFECTIVE_DATE } from './legal-dates'
import { LegalDocument } from './legal-document'
import { privacyCollectionSections } from './privacy-policy-collection'
import { privacyHandlingSections } from './privacy-policy-handling'

const sections = [...privacyCollectionSections, ...privacyHandlingSections]

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy policy"
      effectiveDate={PRIVACY_POLICY_EFFECTIVE_DATE}
      sections={sections}
      intro={
        <Text>
          This policy explains what personal data {centre.name} collects about children, families,
          staff and applicants, why, who can see it, how long we keep it, and how you can ask to
          see, correct or delete it. We have written it for parents, in plain English. If anything
          is unclear, write to us at <EmailLink />.
        </Text>
      }
    />
  )
}

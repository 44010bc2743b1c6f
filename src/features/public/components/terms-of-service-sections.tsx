import { Anchor, List, Text } from '@mantine/core'
import { centre } from '@/lib/centre'
import { EmailLink, PhoneLink, WhatsAppLink } from './contact-links'
import type { LegalSection } from './legal-document'

export const termsSections: readonly LegalSection[] = [
  {
    id: 'who-may-use',
    title: 'Who may use the app',
    content: (
      <>
        <List spacing="xs">
          <List.Item>
            Parents and lawful guardians, aged 18 or over, of children enrolled at the centre.
          </List.Item>
          <List.Item>Facilitators and administration staff of the centre.</List.Item>
          <List.Item>
            Applicants: families and facilitators asking about a place or applying to the centre.
          </List.Item>
          <List.Item>
            Students, only if the centre gives them an account with their parent’s consent.
          </List.Item>
        </List>
        <Text>
          A family member connects their account to their family with the WhatsApp number the centre
          already holds for them; the centre decides which families and staff have access.
        </Text>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account and password',
    content: (
      <List spacing="xs">
        <List.Item>
          Accounts are personal: each parent and each member of staff has their own. Keep your
          password private and do not use it anywhere else.
        </List.Item>
        <List.Item>
          On a shared classroom or family device, sign out when you have finished. Signing out also
          erases the copy of the data the app keeps on that device.
        </List.Item>
        <List.Item>Lock your own phone with a PIN, pattern or fingerprint.</List.Item>
        <List.Item>
          Tell us at once if you think someone else has used your account, or if you lose a device
          while signed in. Until you do, we treat what is done with your account as done by you.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <Text>Use the app only for purposes connected with the centre. Please do not:</Text>
        <List spacing="xs">
          <List.Item>
            copy or pass on information about other children or families, or post it on social
            media;
          </List.Item>
          <List.Item>
            try to reach data or parts of the app your role does not allow, or test or get round its
            security;
          </List.Item>
          <List.Item>upload anything unlawful or abusive, or any harmful software;</List.Item>
          <List.Item>
            use the centre’s e-mail or WhatsApp to advertise or to send messages unrelated to the
            centre;
          </List.Item>
          <List.Item>pretend to be someone else.</List.Item>
        </List>
        <Text>
          Staff write notes and feedback about children factually and respectfully, as they would
          say them to the child’s parents.
        </Text>
      </>
    ),
  },
  {
    id: 'accuracy',
    title: 'Information you give us',
    content: (
      <List spacing="xs">
        <List.Item>
          Give us accurate and complete information, and update your profile when something changes.
        </List.Item>
        <List.Item>
          <strong>Medical information</strong> (allergies, vaccinations, blood group, conditions and
          medicines) is what facilitators rely on to care for your child. Tell us about any change
          straight away, and tell the facilitator in person or by phone about anything urgent on the
          day: a change made in the app may not have reached the classroom yet.
        </List.Item>
        <List.Item>
          Identity documents must be genuine and current. When a passport, visa or OCI card is
          renewed, upload the new one.
        </List.Item>
        <List.Item>
          Emergency contacts must be people who can be reached during the day and who have agreed to
          be listed.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and receipts',
    content: (
      <List spacing="xs">
        <List.Item>
          The fee agreement you make with the centre at enrolment governs amounts, due dates,
          discounts and refunds. The app does not change it.
        </List.Item>
        <List.Item>
          The app shows the fees, payments and receipts the centre has recorded. Payments by cash,
          UPI or bank transfer are recorded by our administration staff and can take a few working
          days to appear.
        </List.Item>
        <List.Item>
          Receipts in the app and by e-mail are our record of your payments; please keep them. If a
          record looks wrong, tell us and we will check it against the centre’s accounts, which are
          the reference.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'messages',
    title: 'Messages by e-mail and WhatsApp',
    content: (
      <List spacing="xs">
        <List.Item>
          We send messages about your child and the centre: meetings, field trips and events, fees,
          receipts and reminders, feedback, and messages about your account. We do not send
          advertising.
        </List.Item>
        <List.Item>
          WhatsApp is run by Meta under its own terms, which also apply to messages sent through it.
        </List.Item>
        <List.Item>
          Keep your e-mail address and WhatsApp number up to date, and tell us if you prefer one
          over the other.
        </List.Item>
        <List.Item>
          For anything urgent about a child’s safety, call the centre rather than sending a message.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and offline use',
    content: (
      <List spacing="xs">
        <List.Item>
          The app is made for slow connections and keeps working without one. Changes made offline
          are saved on your device and sent to the centre when the connection returns; until then,
          nobody else can see them.
        </List.Item>
        <List.Item>
          Keep the app open until your changes show as synced, and do not sign out before that:
          signing out erases changes that have not been sent.
        </List.Item>
        <List.Item>
          If someone else changed the same record in the meantime, one of the two changes is kept.
          Check important changes once they have synced.
        </List.Item>
        <List.Item>
          The app updates itself. When it asks you to reload, please do: an old version may stop
          syncing.
        </List.Item>
        <List.Item>
          We aim to keep the app available, but cannot promise it always will be: maintenance,
          outages of our providers and the mobile network can interrupt it. You can always reach the
          centre by phone or e-mail.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'lesson-materials',
    title: 'Lesson materials and children’s work',
    content: (
      <List spacing="xs">
        <List.Item>
          Lesson plans, worksheets, resources and curriculum documents in the app belong to the
          centre or to the people who made them.
        </List.Item>
        <List.Item>
          Families may use them for their own children’s learning, but not publish, sell or share
          them outside the family without our permission.
        </List.Item>
        <List.Item>
          Children’s own work remains theirs. We ask before showing it outside the centre.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspending and closing accounts',
    content: (
      <List spacing="xs">
        <List.Item>
          We may suspend an account to protect children, families or the app: after misuse or a
          breach of these terms, when we suspect someone else is using it, or when it is no longer
          linked to the centre. We tell you why unless that would put someone at risk, and you can
          ask us to review the decision.
        </List.Item>
        <List.Item>
          When a family leaves the centre or a member of staff stops working with us, their accounts
          are closed. Their data is then kept and deleted as the privacy policy describes.
        </List.Item>
        <List.Item>
          You may ask us to close your account at any time. While your child is enrolled we will
          still contact you by phone or e-mail about things that matter.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility and its limits',
    content: (
      <List spacing="xs">
        <List.Item>
          We take reasonable care in running the app, but provide it as it is: we cannot promise it
          is free of errors or always available.
        </List.Item>
        <List.Item>
          We are not responsible for losses caused by a device lost or shared while signed in, a
          password shared with someone else, changes that had not yet synced, failures of the
          internet or of services outside our control, or wrong information given to us.
        </List.Item>
        <List.Item>
          We are not liable for indirect losses, such as loss of income or opportunity. Where we are
          liable for a loss caused by the app, our total liability is limited to the fees you paid
          us in the three months before it happened.
        </List.Item>
        <List.Item>
          Nothing in these terms limits our responsibility for the care and safety of the children
          in our charge, or any liability that the law does not allow us to limit.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <Text>
        These terms are governed by the laws of India. If something goes wrong, please talk to us
        first: we will try to resolve it with you within 30 days. If we cannot, the courts in Goa
        have exclusive jurisdiction.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <Text>
        We update these terms when the app, our services or the law change. The new version is
        published on this page with its effective date, and we tell families by e-mail before a
        significant change takes effect.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <List spacing="xs">
        <List.Item>
          E-mail: <EmailLink />
        </List.Item>
        <List.Item>
          Phone: <PhoneLink />, or <WhatsAppLink />
        </List.Item>
        <List.Item>
          Post: {centre.name}, {centre.address}
        </List.Item>
        <List.Item>
          Questions about personal data: see the{' '}
          <Anchor href="/legal/privacy-policy#who-we-are">privacy policy</Anchor>.
        </List.Item>
      </List>
    ),
  },
]

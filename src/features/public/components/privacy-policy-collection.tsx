import { List, Text } from '@mantine/core'
import { centre } from '@/lib/centre'
import { EmailLink, PhoneLink } from './contact-links'
import { LegalSubheading, type LegalSection } from './legal-document'

// The first half of the privacy policy: who is responsible, what is collected and on what basis.
export const privacyCollectionSections: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and whom to contact',
    content: (
      <>
        <Text>
          {centre.name} (“we”, “the centre”) is a small experiential learning centre at{' '}
          {centre.address}. We run this app for the families, children and staff of the centre. We
          decide what personal data it holds and why, so under India’s Digital Personal Data
          Protection Act, 2023 we are the “Data Fiduciary” responsible for that data.
        </Text>
        <Text>
          Our <strong>grievance officer</strong> is the person at the centre responsible for
          personal data. They answer questions about this policy and handle requests and complaints
          about your data:
        </Text>
        <List spacing="xs">
          <List.Item>
            E-mail: <EmailLink />
          </List.Item>
          <List.Item>
            By post or by hand: Grievance Officer, {centre.name}, {centre.address}
          </List.Item>
          <List.Item>
            Phone or WhatsApp: <PhoneLink /> — for questions. Please make requests in writing, so
            that both of us have a record.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <Text>
          We collect only what we need to run the centre. Most of it you give us yourself; some of
          it our staff write while your child is with us; a little is recorded by the app when you
          use it.
        </Text>
        <LegalSubheading>Inquiries and applications</LegalSubheading>
        <Text>
          When a family asks about a place or applies: each parent’s or guardian’s name, e-mail
          address, mobile and WhatsApp number, address, date of birth, gender, nationality,
          occupation and workplace, and your answers to our questions about your family; each
          child’s name, date of birth, gender, nationality and previous schools. Our staff add notes
          from conversations, visits, meetings and trial days.
        </Text>
        <Text>
          When someone applies to work with us as a facilitator: name, date of birth, contact
          details, gender, nationality, current workplace, experience, the subjects they would like
          to facilitate, a statement of interest, answers to our questions, and the names and e-mail
          addresses of two referees.
        </Text>
        <LegalSubheading>Family profile</LegalSubheading>
        <Text>
          Once a family is enrolled, the parent profile holds, for each parent or guardian, the
          details above plus marital status and a copy of an identity document; documents showing
          who is a child’s lawful guardian, where that is not a parent; emergency contacts (the
          child’s doctor and two contact people, with their phone numbers, e-mail and address); and
          the forms you sign and upload.
        </Text>
        <LegalSubheading>Children’s data</LegalSubheading>
        <List spacing="xs">
          <List.Item>
            <strong>About the child:</strong> name, date of birth, nationality, the group they
            belong to, and your answers to our questions about them.
          </List.Item>
          <List.Item>
            <strong>Medical information:</strong> allergies, vaccinations and blood group, so that
            facilitators can keep your child safe and act quickly in an emergency. The profile has
            the same fields for parents; filling them in is up to you.
          </List.Item>
          <List.Item>
            <strong>Identity documents:</strong> a copy of an identity document for each child and
            parent, such as an Aadhaar card or a passport. For nationals of other countries, also
            the passport and the visa or Overseas Citizen of India (OCI) card, with its expiry date.
            Please give us a masked Aadhaar (one showing only the last four digits, which you can
            download from UIDAI). We never use Aadhaar to verify anyone online.
          </List.Item>
          <List.Item>
            <strong>Learning records:</strong> timetables and groups, attendance and absences,
            assignments, facilitators’ notes, and the feedback we write each term.
          </List.Item>
        </List>
        <LegalSubheading>Staff and facilitators</LegalSubheading>
        <Text>
          For people who work at the centre: name, contact details, role, the groups and lessons
          they lead, the application details above, a copy of an identity document, and the records
          we need to pay them.
        </Text>
        <LegalSubheading>Payments</LegalSubheading>
        <Text>
          The fee plan for each child; payments and contributions received (amount, date, who paid
          and how: cash, UPI or bank transfer); receipts and reminders. You pay us outside the app:
          we do not collect card or bank account numbers through it.
        </Text>
        <LegalSubheading>Messages</LegalSubheading>
        <Text>
          The e-mails and WhatsApp messages we send you, the messages you send to the centre’s
          WhatsApp number, and notifications in the app.
        </Text>
        <LegalSubheading>Usage and device data</LegalSubheading>
        <Text>
          When you sign in: your e-mail address and, if you use Google sign-in, the name and profile
          picture Google shares with us; a history of your sign-ins and your last activity; the
          version of the app you use; and a report of what failed when the app meets an error. If
          someone signs in with a Google account we do not know, we record its e-mail address, name
          and picture so that staff can connect the account to a family or turn it away.
        </Text>
        <Text>
          To work without a connection, the app keeps a copy of the data you are allowed to see on
          your own device (see “Where your data is stored”). We use no advertising or analytics
          trackers and do not follow anyone across other websites.
        </Text>
      </>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it',
    content: (
      <>
        <List spacing="xs">
          <List.Item>
            <strong>Admissions:</strong> to answer inquiries, arrange visits and trial days, and
            decide on applications from families and facilitators.
          </List.Item>
          <List.Item>
            <strong>Safety and care of your child:</strong> to know whom to call in an emergency and
            what medical care your child may need.
          </List.Item>
          <List.Item>
            <strong>Running lessons:</strong> to plan timetables and groups, record attendance and
            assignments, and write feedback for families.
          </List.Item>
          <List.Item>
            <strong>Fees and receipts:</strong> to work out fees, record payments, send receipts and
            reminders, and keep the centre’s accounts.
          </List.Item>
          <List.Item>
            <strong>Communication:</strong> to tell you about meetings, field trips, events, fees
            and your child’s learning, by e-mail, WhatsApp and in the app.
          </List.Item>
          <List.Item>
            <strong>Legal obligations:</strong> to keep the accounts that tax law requires, to meet
            the reporting duties that apply to foreign nationals, and to answer lawful requests from
            authorities.
          </List.Item>
          <List.Item>
            <strong>Keeping the app safe and working:</strong> to notice misuse of an account and to
            fix errors.
          </List.Item>
        </List>
        <Text>
          We do not sell personal data, use it for advertising, or use it for anything unrelated to
          the centre.
        </Text>
      </>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Our legal basis under the DPDP Act',
    content: (
      <>
        <Text>
          We process personal data under the Digital Personal Data Protection Act, 2023 (the “DPDP
          Act”) and the rules made under it.
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Consent.</strong> We use most personal data with your consent, which you give
            for the purposes we state when you apply, complete the parent profile or upload
            documents. You can withdraw it at any time (see “Your rights”).
          </List.Item>
          <List.Item>
            <strong>Children.</strong> Everyone under 18 is a child under the Act. We process a
            child’s personal data only with the verifiable consent of a parent or lawful guardian,
            given from the parent’s own account, which we link to the family only after checking the
            parent’s identity and contact details at enrolment.
          </List.Item>
          <List.Item>
            <strong>No tracking or advertising.</strong> We never track children online, monitor
            their behaviour for any other purpose, or direct advertising at them, and we do not
            process their data in any way likely to harm their well-being. Records of attendance,
            learning and feedback are kept only for their education and their safety at the centre,
            as the rules allow an educational institution to do.
          </List.Item>
          <List.Item>
            <strong>Legitimate uses.</strong> Without asking again, we may use data you have given
            us for a clear purpose (such as the phone number in an inquiry, to reply to it); data we
            must process to comply with the law; data needed in a medical emergency that threatens
            someone’s life or health (such as telling a doctor your child’s allergies and blood
            group); and staff data for employment purposes.
          </List.Item>
        </List>
      </>
    ),
  },
]

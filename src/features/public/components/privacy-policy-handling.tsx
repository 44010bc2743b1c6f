import { List, Text } from '@mantine/core'
import { centre } from '@/lib/centre'
import { EmailLink } from './contact-links'
import { PRIVACY_POLICY_EFFECTIVE_DATE } from './legal-dates'
import { LegalSubheading, type LegalSection } from './legal-document'

// The second half of the privacy policy: who sees the data, where and how long it is kept, and
// what a family can ask of us.
export const privacyHandlingSections: readonly LegalSection[] = [
  {
    id: 'who-sees-what',
    title: 'Who can see your data',
    content: (
      <>
        <List spacing="xs">
          <List.Item>
            <strong>Parents and guardians</strong> see only their own family: their children,
            profile, fees, receipts, feedback and messages.
          </List.Item>
          <List.Item>
            <strong>Facilitators</strong> see the lessons and groups they teach and the children in
            them, including the medical information and emergency contacts they need to care for
            those children. They do not see families’ fees.
          </List.Item>
          <List.Item>
            <strong>Administration staff</strong> see inquiries, applications, families, their
            documents and fees, to run admissions and the accounts.
          </List.Item>
          <List.Item>
            <strong>System administrators</strong>, a very small number of people who maintain the
            app, may see data when they need to fix a problem or carry out a request, and use it for
            nothing else.
          </List.Item>
          <List.Item>
            <strong>Service providers</strong> process data for us, only on our instructions: the
            company that hosts our database and files; the service that delivers our e-mails;
            WhatsApp (Meta), for WhatsApp messages, if you have given us a WhatsApp number; and
            Google, only if you choose to sign in with a Google account.
          </List.Item>
        </List>
        <Text>
          We share data with anyone else only when the law requires it (for example with tax
          authorities or in answer to a court order), in a medical emergency (with a doctor or
          hospital), or with your agreement (for example the names of children on a field trip, when
          the place we visit asks for them). We never sell personal data or share it for marketing.
        </Text>
      </>
    ),
  },
  {
    id: 'where-stored',
    title: 'Where your data is stored',
    content: (
      <>
        <Text>
          Our data is kept in a hosted database and file store run by our hosting provider. Our
          providers may keep data on servers outside India; we use them only where Indian law allows
          personal data to be transferred.
        </Text>
        <Text>
          So that the app works without a connection, it keeps a copy of the data the signed-in
          person is allowed to see on the phone, tablet or computer they use: a parent’s device
          holds only their own family’s data, a facilitator’s device only their groups’. Changes
          made offline stay on the device until the app can send them. The copy is erased when the
          person signs out. If you lose a device while signed in, tell us and change your password.
        </Text>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    content: (
      <>
        <List spacing="xs">
          <List.Item>
            <strong>Inquiries and applications that do not lead to admission:</strong> 1 year after
            our last contact with you. The same for facilitator applications that do not lead to
            work with us.
          </List.Item>
          <List.Item>
            <strong>Enrolled families and children:</strong> while the child is enrolled, and 3
            years after the family leaves, so that we can answer questions about the child’s time
            with us and write references.
          </List.Item>
          <List.Item>
            <strong>Staff and facilitators:</strong> while they work with us, and 3 years after.
          </List.Item>
          <List.Item>
            <strong>Financial records</strong> (fees, payments, contributions, receipts and salary
            payments): 8 years after the end of the financial year they belong to, as Indian tax and
            accounting law requires.
          </List.Item>
          <List.Item>
            <strong>Sign-in history and error reports:</strong> 1 year.
          </List.Item>
          <List.Item>
            <strong>Copies on a device:</strong> until the person signs out.
          </List.Item>
        </List>
        <Text>
          When a period ends we delete the data, or make it anonymous so that it no longer
          identifies anyone. Deleted data can remain in our backups until they are replaced in the
          normal backup cycle.
        </Text>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <List spacing="xs">
        <List.Item>Everything between the app and our servers travels encrypted (HTTPS).</List.Item>
        <List.Item>
          Access follows each person’s role: everyone sees only what their role needs (see “Who can
          see your data”).
        </List.Item>
        <List.Item>
          The database itself checks, for every record, whether the signed-in person may read or
          change it, so a parent’s device never receives another family’s data.
        </List.Item>
        <List.Item>
          Passwords are stored only in a scrambled (hashed) form that nobody at the centre can read.
        </List.Item>
        <List.Item>
          The copy on a device is only as safe as the device: staff sign out of shared classroom
          devices, and we ask everyone to lock their phone with a PIN, pattern or fingerprint.
        </List.Item>
        <List.Item>
          If a breach of personal data happens, we tell the families affected and the Data
          Protection Board of India, as the Act requires, and explain what we are doing about it.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <Text>Under the DPDP Act you have the right to:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Access</strong>: a summary of the personal data we hold about you and your
            child, what we do with it, and whom we have shared it with.
          </List.Item>
          <List.Item>
            <strong>Correction</strong>: have wrong or incomplete data corrected or completed. You
            can correct most of your family profile yourself in the app.
          </List.Item>
          <List.Item>
            <strong>Erasure</strong>: have data deleted that we no longer need or that you no longer
            consent to us using, except what the law requires us to keep.
          </List.Item>
          <List.Item>
            <strong>Withdraw consent</strong> at any time, as easily as you gave it. This does not
            undo what we did before. Without medical information and emergency contacts we cannot
            care for a child safely, so withdrawing consent for them means ending the enrolment.
          </List.Item>
          <List.Item>
            <strong>Grievance redressal</strong>: have a complaint answered by our grievance officer
            within 30 days.
          </List.Item>
          <List.Item>
            <strong>Nominate</strong> someone to use these rights for you if you die or become
            unable to act for yourself.
          </List.Item>
          <List.Item>
            <strong>Complain to the Data Protection Board of India</strong> if our answer does not
            satisfy you. The Act asks you to bring the complaint to us first.
          </List.Item>
        </List>
        <Text>
          Parents and lawful guardians use these rights on behalf of their children under 18. The
          Act also asks each of us to give accurate information and not to make false or frivolous
          complaints.
        </Text>
      </>
    ),
  },
  {
    id: 'requests',
    title: 'How to ask for your data, a correction or deletion',
    content: (
      <>
        <List type="ordered" spacing="xs">
          <List.Item>
            Write to the grievance officer at <EmailLink />, or by post to {centre.name},{' '}
            {centre.address}, if you can from the e-mail address or WhatsApp number we already have
            for you. Say who you are, which family or child the request is about, and what you would
            like: a copy of your data, a correction, a deletion, to withdraw consent, or to nominate
            someone.
          </List.Item>
          <List.Item>
            We check that the request really comes from you, usually by replying to the contact
            details we already hold or by asking to see an identity document at the centre. We do
            not give a family’s data to anyone whose identity we cannot verify.
          </List.Item>
          <List.Item>
            We answer within 30 days of receiving your request and tell you what we have done.
          </List.Item>
        </List>
        <LegalSubheading>What we cannot delete, and why</LegalSubheading>
        <List spacing="xs">
          <List.Item>
            Fee, payment and receipt records, for 8 years, because tax and accounting law requires
            us to keep them.
          </List.Item>
          <List.Item>
            Data we need for an open dispute, a legal claim or a lawful request from an authority,
            until it is settled.
          </List.Item>
          <List.Item>
            Records that are also about other people, such as notes on a whole group: we remove or
            mask your part instead.
          </List.Item>
          <List.Item>
            While your child is enrolled, their medical information and emergency contacts, which we
            need to keep them safe.
          </List.Item>
        </List>
        <Text>When we cannot delete something, we tell you what we keep, why and until when.</Text>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <Text>
        We update this policy when the law, the app or our practices change. The new version is
        published on this page with its effective date, and we tell families by e-mail before a
        significant change takes effect. If a change means using your data for a new purpose, we ask
        for your consent first. This version is effective from {PRIVACY_POLICY_EFFECTIVE_DATE}.
      </Text>
    ),
  },
]

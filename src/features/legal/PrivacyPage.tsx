import MuiLink from '@mui/material/Link';
import { Link } from 'react-router';
import LegalPage, { type LegalSection } from './LegalPage';

const PRIVACY_EMAIL = 'privacy@threadline.app';

const termsLink = (
  <MuiLink component={Link} to="/terms">
    Terms &amp; Conditions
  </MuiLink>
);

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: '1. Who is responsible',
    body: (
      <p>
        Threadline is responsible for the information about you as an account holder. For the conversations and
        documents a business handles through Threadline, including its customers&apos; messages, that business decides
        how they are used and we process them on its behalf.
      </p>
    ),
  },
  {
    id: 'data-collected',
    heading: '2. Information we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your email address, username, first and last name, and the display name and
          bio you choose to add. Your password is stored only as a secure hash.
        </li>
        <li>
          <strong>WhatsApp connection:</strong> your WhatsApp Business account ID, phone number ID, phone number and
          business profile, and the access token Meta issues for your business, which we store encrypted.
        </li>
        <li>
          <strong>Conversations:</strong> the messages your customers send to your number and the replies sent by your
          agents or by you, with the customer&apos;s phone number, WhatsApp name and the time of each message.
        </li>
        <li>
          <strong>Agents and documents:</strong> your agents&apos; settings and instructions, the API keys you give us
          for model providers (encrypted and never shown back in full), the documents you upload with the text taken
          from them, and the facts your agent remembers about each customer.
        </li>
        <li>
          <strong>Technical information:</strong> sign-in times, IP address, browser type and error logs. Your browser
          stores your sign-in token and your light or dark theme choice; we use no advertising cookies or trackers.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    heading: '3. How we use it',
    body: (
      <>
        <ul>
          <li>to provide the Service: sign you in, connect your number, deliver messages and generate replies;</li>
          <li>to show you your inbox, your agents&apos; memory and your analytics;</li>
          <li>to send service emails such as email verification, password resets and notice of changes;</li>
          <li>to keep the Service secure, prevent abuse and fix problems.</li>
        </ul>
        <p>
          We do not sell personal information, do not use it for advertising and do not use your conversations or
          documents to train AI models.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    heading: '4. AI providers and other processors',
    body: (
      <>
        <p>
          To write a reply, we send the relevant part of the conversation, your agent&apos;s instructions and matching
          passages from your documents to the model provider you chose for that agent, such as OpenAI, Anthropic or
          Google. These providers act as processors: they use the data to return the reply, under their terms for API
          customers. If your agent uses the built-in knowledge-base responder or a model you host yourself, the
          conversation is not sent to an outside AI provider.
        </p>
        <p>
          Messages travel through Meta&apos;s WhatsApp Business Platform, and when you connect your number Meta&apos;s
          own sign-in window is governed by Meta&apos;s privacy policy. We also rely on hosting and email delivery
          providers. We disclose information to authorities only when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: '5. How long we keep it',
    body: (
      <p>
        We keep your account details while your account is open. Conversations, documents and customer memories stay
        until you delete them or close your account. After you close your account we keep your data for 30 days, so that
        a mistaken closure can be undone, and then delete it, except records we must keep by law, such as invoices.
        Security logs are kept only as long as needed to protect the Service.
      </p>
    ),
  },
  {
    id: 'security',
    heading: '6. Security',
    body: (
      <p>
        Passwords are hashed with Argon2id. Business access tokens and API keys are encrypted at rest. Every request is
        limited to the data of the account making it, and signing out, changing your password or deleting your account
        ends your sessions. No system is perfectly secure; if a breach affects your personal information, we will tell
        you, and the authorities where required, without undue delay.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: '7. Your rights',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, delete or export your personal
          information, to object to or restrict how we use it, and to withdraw consent. You can edit your profile and
          delete your account yourself in Account Settings; for anything else, contact us. You may also complain to your
          local data protection authority.
        </p>
        <p>
          If you are a customer of a business that uses Threadline, please contact that business first: it controls your
          conversation data, and we will help it answer your request.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: '8. Children',
    body: (
      <p>
        Threadline is intended for people aged 13 and over. We do not knowingly collect personal information from
        children under 13; if you believe a child has given us some, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: '9. Changes to this policy',
    body: (
      <p>
        When we update this policy we change the date at the top of this page. If a change is material, we tell you by
        email or in the app before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: '10. Contact',
    body: (
      <p>
        Send privacy questions and requests to <MuiLink href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</MuiLink>. We
        aim to answer privacy inquiries within 48 hours.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <>
          This policy explains what personal information Threadline collects when you use our website and the Service,
          how we use and share it, and the choices you have. Read it together with our {termsLink}.
        </>
      }
      sections={SECTIONS}
      seeAlso={termsLink}
    />
  );
}

import MuiLink from '@mui/material/Link';
import { Link } from 'react-router';
import LegalPage, { type LegalSection } from './LegalPage';

const SUPPORT_EMAIL = 'support@threadline.app';

const privacyLink = (
  <MuiLink component={Link} to="/privacy">
    Privacy Policy
  </MuiLink>
);

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    heading: '1. Acceptance of these Terms',
    body: (
      <>
        <p>
          By creating an account or using Threadline you agree to these Terms. If you use Threadline on behalf of a
          business, you confirm that you are authorised to accept these Terms for that business, and &quot;you&quot;
          means both you and the business. If you do not agree, please do not use the Service.
        </p>
        <p>Our {privacyLink} explains how we handle personal information and forms part of these Terms.</p>
      </>
    ),
  },
  {
    id: 'service',
    heading: '2. The Service',
    body: (
      <>
        <p>Threadline (the &quot;Service&quot;) lets you:</p>
        <ul>
          <li>connect your WhatsApp Business number through Meta&apos;s Embedded Signup;</li>
          <li>create AI agents that answer your customers&apos; messages with a model you choose;</li>
          <li>upload documents your agents answer from;</li>
          <li>read every conversation in one inbox, reply by hand, and take conversations over or hand them back;</li>
          <li>see analytics about your messaging.</li>
        </ul>
        <p>
          We improve the Service continually and may add, change or remove features. When a change materially reduces
          what the Service does for you, we tell you in advance as described in section 11.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    heading: '3. Your account',
    body: (
      <p>
        You must give accurate information when you register, keep it up to date, verify your email address and keep
        your password confidential. You are responsible for everything done under your account and must tell us promptly
        if you suspect someone else has access to it. Accounts may not be created by automated means or shared with
        people outside your business.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    heading: '4. Acceptable use',
    body: (
      <>
        <p>You agree not to use the Service to:</p>
        <ul>
          <li>send spam or messages to people who have not agreed to hear from you;</li>
          <li>send content that is unlawful, deceptive, harassing, hateful or infringes anyone&apos;s rights;</li>
          <li>mislead customers about whether they are talking to a person where the law requires you to tell them;</li>
          <li>
            collect payment card numbers, health data, government identifiers or other sensitive data through
            conversations, unless you are allowed to and protect it appropriately;
          </li>
          <li>probe, overload or disrupt the Service, or get around its limits or security measures;</li>
          <li>resell the Service or provide it to others without our written permission.</li>
        </ul>
        <p>We may remove content or suspend access that breaks these rules.</p>
      </>
    ),
  },
  {
    id: 'whatsapp',
    heading: '5. WhatsApp and Meta terms',
    body: (
      <p>
        Threadline works with the WhatsApp Business Platform, which Meta provides. By connecting a number you also agree
        to and must follow Meta&apos;s WhatsApp Business terms and the WhatsApp Business Messaging Policy, including
        their rules on customer opt-in and message templates. Meta may charge you for messages directly and may restrict
        or disable your number; we are not responsible for Meta&apos;s decisions, fees, availability or changes to its
        platform. Disconnecting your number in Threadline ends our access to it but does not close your WhatsApp
        Business account.
      </p>
    ),
  },
  {
    id: 'ai-output',
    heading: '6. AI-generated replies',
    body: (
      <>
        <p>
          Your agents write replies automatically, using the model provider you choose or Threadline&apos;s built-in
          knowledge-base responder. AI output can be wrong, incomplete or out of date, even when it is based on your
          documents. You decide how your agents are set up, which documents they use and when a person takes over, and
          you are responsible for the messages sent from your number, including automated ones.
        </p>
        <p>
          Review your agents&apos; instructions and documents regularly, and do not let them give legal, medical,
          financial or other advice where a mistake could cause harm. When you use your own API key, your use of that
          provider is also governed by its terms, and its charges are between you and the provider.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    heading: '7. Your content',
    body: (
      <p>
        You keep all rights to the documents you upload, the instructions you write and your conversations. You give us
        a limited licence to store, process and transmit them only as needed to run and secure the Service, including
        sending them to the model provider you select. You confirm that you have the rights and any consents, including
        your customers&apos; where required, for us to process them this way.
      </p>
    ),
  },
  {
    id: 'billing',
    heading: '8. Fees and billing',
    body: (
      <p>
        Paid plans, their prices and what they include are shown before you subscribe. Fees are billed in advance for
        each billing period, exclude taxes and are non-refundable except where these Terms or the law say otherwise.
        Charges from Meta or from your AI provider are not included. Billing disputes must be raised within 30 days of
        the date of the charge by writing to us; after that the charge is treated as accepted, unless the law gives you
        longer. Price changes take effect from your next billing period, with at least 30 days&apos; notice.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: '9. Termination',
    body: (
      <>
        <p>
          You can stop using the Service and delete your account at any time from Account Settings. We may suspend or
          end your access if you materially breach these Terms, if Meta requires it or if the law obliges us to, and we
          give notice whenever we reasonably can.
        </p>
        <p>
          When your account ends, your agents stop answering and you lose access to the Service. Your data is kept for
          30 days after termination, so that an account closed by mistake can be restored, and is then deleted, except
          records we must keep by law, such as invoices.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    heading: '10. Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          The Service is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law allows, we make
          no warranties, express or implied, and do not promise that the Service will be uninterrupted or error-free or
          that AI replies will be accurate.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, or for lost profits,
          revenue, data or goodwill, and our total liability for all claims about the Service is limited to what you
          paid us in the 12 months before the claim. You will compensate us for third-party claims caused by your
          content, your messages or your breach of these Terms. Nothing in these Terms limits liability that cannot be
          limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: '11. Changes to the Service and these Terms',
    body: (
      <p>
        We may update these Terms and change the date at the top of this page when we do. We give at least 30 days&apos;
        notice of material changes, by email and in the app, before they take effect. If you keep using the Service
        after a change takes effect, you accept the updated Terms; if you do not agree, you can close your account
        before then.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: '12. Contact',
    body: (
      <p>
        Questions about these Terms or a charge? Write to us at{' '}
        <MuiLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</MuiLink>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms & Conditions"
      intro={
        <>
          These Terms &amp; Conditions govern your use of Threadline, a web application that puts an AI agent on your
          WhatsApp Business number and lets you manage every customer conversation from one dashboard. Please read them
          carefully.
        </>
      }
      sections={SECTIONS}
      seeAlso={privacyLink}
    />
  );
}

import './company.css';
import { SITE } from '@agentdock/ui';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Who we are',
    body: <p>{SITE.name} runs this website and the services on it and is responsible for the personal data described in this policy.</p>,
  },
  {
    title: 'What we collect',
    body: (
      <ul>
        <li>Account details: your email address, your name and your password (stored only as a secure hash).</li>
        <li>Subscription details: your plan, renewal date, credit and API usage.</li>
        <li>What you send to agents and their replies, so you can see your chat history.</li>
        <li>Technical data: request logs with your IP address and browser, kept for security.</li>
      </ul>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <p>
        To provide your account, the agents and the course; to bill your subscription; to keep the service secure; and to answer you when you write to us. We do not sell your data.
      </p>
    ),
  },
  {
    title: 'Legal bases',
    body: (
      <p>
        We process your data to perform our contract with you, to meet legal obligations (such as tax records), and for our legitimate interest in keeping the service secure and
        improving it.
      </p>
    ),
  },
  {
    title: 'Payments',
    body: (
      <p>
        Card payments are handled by our payment provider. Your card details go directly to them and never reach our servers; we receive only the subscription status and the last
        digits needed for receipts.
      </p>
    ),
  },
  {
    title: 'AI providers',
    body: (
      <p>
        Messages you send to an agent are passed to the AI provider that runs that agent, only to produce the reply. Providers may not use your messages to train their models under
        our agreements with them.
      </p>
    ),
  },
  {
    title: 'Cookies and local storage',
    body: <p>We use a cookie and your browser's storage only to keep you signed in and to remember choices you make on the site. We do not use advertising or tracking cookies.</p>,
  },
  {
    title: 'How long we keep data',
    body: (
      <p>
        Account and chat data are kept while your account is open and deleted within 30 days after you close it, except billing records, which we keep as long as tax law requires.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        You can ask for a copy of your data, have it corrected or deleted, object to its use, or take it to another service. Write to us and we will answer within a month. You may
        also complain to your data protection authority.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: (
      <p>
        For any question about this policy or your data, write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      sections={SECTIONS}
      intro={
        <p>
          This policy explains what personal data {SITE.name} collects, why, and the choices you have. Contact us at <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
          .
        </p>
      }
    />
  );
}

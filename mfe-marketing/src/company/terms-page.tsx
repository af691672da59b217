import './company.css';
import { SITE } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import { LegalDocument, type LegalSection } from './legal-document';

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account or using {SITE.name} (the website, the AI agents, the chat, the course and the community) you agree to these terms. If you use {SITE.name} for an
        organisation, you accept them on its behalf.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <p>
        You must give accurate details, keep your password safe and tell us at once about any use of your account you did not allow. You are responsible for what happens under your
        account. We may suspend an account that breaks these terms.
      </p>
    ),
  },
  {
    title: 'Subscriptions, credits and billing',
    body: (
      <>
        <p>
          Paid plans renew automatically each month or year until cancelled, and are charged in advance by card through our payment provider. Each plan includes a monthly allowance
          of platform credits and API calls; unused credits do not roll over to the next month.
        </p>
        <p>You can upgrade, downgrade or cancel at any time; a cancellation takes effect at the end of the current billing period.</p>
      </>
    ),
  },
  {
    title: 'Refunds',
    body: (
      <p>
        Fees already paid are non-refundable for change of mind. If something we provide does not work as described, contact us and we will put it right or refund the affected
        period where the law requires it.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <p>
        Do not use the agents to break the law, infringe others' rights, create harmful or deceptive content, attack or overload our systems, or resell access without our written
        agreement. Automated access is allowed only through the API and within your plan's limits.
      </p>
    ),
  },
  {
    title: 'AI-generated content',
    body: (
      <p>
        Agents produce answers and images automatically and can be wrong. Check important results before relying on them. You own the content you submit and, as far as we are able
        to grant it, the output created for you.
      </p>
    ),
  },
  {
    title: 'Courses and community',
    body: (
      <p>
        Course material is for your own learning and may not be redistributed. In the community and course discussions, be respectful; we may remove posts or members that harass
        others or share unlawful material.
      </p>
    ),
  },
  {
    title: 'Liability',
    body: (
      <p>
        {SITE.name} is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the fees you paid
        in the twelve months before the claim.
      </p>
    ),
  },
  {
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will give you 30 days' notice by email before a material change takes effect; continuing to use {SITE.name} after that date means you accept
        the new terms.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      sections={SECTIONS}
      intro={
        <p>
          These terms govern your use of {SITE.name}. Questions about them? Write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> or use our{' '}
          <Link to="/contact">contact page</Link>.
        </p>
      }
    />
  );
}

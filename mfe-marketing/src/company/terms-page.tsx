import { PageHeader } from '@agentdock/ui';

export default function TermsPage() {
  return <PageHeader eyebrow="Legal" title="Terms of Service" lead="Last updated August 14, 2025" />;
}

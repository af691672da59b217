import { PageHeader } from '@agentdock/ui';

export default function PrivacyPage() {
  return <PageHeader eyebrow="Legal" title="Privacy Policy" lead="Last updated August 14, 2025" />;
}

import { PageHeader } from '@agentdock/ui';

export default function OurStoryPage() {
  return <PageHeader eyebrow="Company" title="Our Story" lead="How Agentdock began in 2024, and where we are going." />;
}

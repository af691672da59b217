import { PageHeader } from '@agentdock/ui';

export default function AboutPage() {
  return (
    <PageHeader
      eyebrow="Company"
      title="About"
      lead="We help businesses put AI agents to work, and teach teams to build their own."
    />
  );
}

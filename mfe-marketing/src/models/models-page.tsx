import { LinkButton, PageHeader } from '@agentdock/ui';

export default function ModelsPage() {
  return (
    <PageHeader
      eyebrow="Agent catalogue"
      title="Our AI Agents"
      lead="Agents for meeting preparation, startup brainstorming, founder thought partnership, image generation and more. Higher plans unlock more agents."
    >
      <LinkButton to="/pricing">Compare plans</LinkButton>
    </PageHeader>
  );
}

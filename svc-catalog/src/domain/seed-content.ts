import { type ContentSectionInput, PLAN_CHANGE_RULE_TEXT } from '@agentdock/contracts';

type SeedSection = Pick<ContentSectionInput, 'title' | 'sectionType' | 'content'> & { slot: string };

/**
 * The marketing pages' editable texts as the pages word them, one section per text
 * block, seeded once per slot (svc-catalog/README.md lists the slots). A section's `title` is the
 * block's heading and its `content` (Markdown) the text under it; an empty content means the block
 * is a heading only. Eyebrows, icons, links and buttons stay in the pages' code.
 */
const SECTIONS: SeedSection[] = [
  {
    slot: 'home.hero',
    sectionType: 'hero',
    title: 'Put AI agents to work for your business',
    content:
      'Ready-made agents that prepare your meetings, brainstorm your next venture, think alongside you as a founder and create images, plus a hands-on AI course and a community of builders.',
  },
  { slot: 'home.features', sectionType: 'features', title: 'Everything you need to work with AI', content: '' },
  {
    slot: 'home.features.personal-agents',
    sectionType: 'features',
    title: 'Personal AI agents',
    content: 'Chat with agents for meeting preparation, startup brainstorming, founder thought partnership and image generation.',
  },
  {
    slot: 'home.features.tailored-agents',
    sectionType: 'features',
    title: 'Agents tailored to you',
    content: 'Need an agent shaped around your own workflows and data? Tell us what your team needs and we will build it.',
  },
  {
    slot: 'home.features.course',
    sectionType: 'features',
    title: 'AI course',
    content: 'Learn to use and build AI agents for your business with a hands-on course, at your own pace.',
  },
  {
    slot: 'home.features.community',
    sectionType: 'features',
    title: 'Community',
    content: 'Join founders and teams who build with AI in our community chat server: ask, share and learn together.',
  },
  { slot: 'home.why-choose', sectionType: 'features', title: 'Why Choose Agentdock', content: '' },
  {
    slot: 'home.why-choose.business-work',
    sectionType: 'features',
    title: 'Built for business work',
    content: 'Each agent is focused on a real task, from preparing a client meeting to sharpening a pitch.',
  },
  {
    slot: 'home.why-choose.monthly-credits',
    sectionType: 'features',
    title: 'Predictable monthly credits',
    content: 'Every plan includes a fixed monthly credit allowance, so you always know what AI costs you.',
  },
  {
    slot: 'home.why-choose.secure-payments',
    sectionType: 'features',
    title: 'Secure card payments',
    content: 'Subscriptions are paid by card through a trusted payment provider; your card never touches our servers.',
  },
  {
    slot: 'home.why-choose.learn',
    sectionType: 'features',
    title: 'Learn as you go',
    content: 'The course and community help your team get more out of AI every month.',
  },
  {
    slot: 'pricing.intro',
    sectionType: 'pricing',
    title: 'Plans for every stage of your business',
    content: 'Start free and upgrade as you grow. Credits renew every month and unused credits do not roll over.',
  },
  {
    slot: 'pricing.faq.change-plan',
    sectionType: 'pricing',
    title: 'Can I change my plan later?',
    content: `Yes. You can upgrade or downgrade at any time from your dashboard's Subscription tab or from Manage My Subscription; the price is prorated to the day. ${PLAN_CHANGE_RULE_TEXT}`,
  },
  {
    slot: 'pricing.faq.payment-methods',
    sectionType: 'pricing',
    title: 'What payment methods do you accept?',
    content: "We accept all major credit and debit cards. Payments are processed by our payment provider's secure checkout, so your card details never reach our servers.",
  },
  {
    slot: 'pricing.faq.enterprise',
    sectionType: 'pricing',
    title: 'Do you offer custom plans for Enterprise?',
    content: 'Yes. Enterprise plans are tailored to your organisation: custom credits, agents, API limits and support. Choose Enterprise to email our sales team.',
  },
  {
    slot: 'about.mission',
    sectionType: 'about',
    title: 'Our Mission',
    content:
      'We help businesses put AI agents to work, and teach teams to build their own. Every founder and every team should be able to hand routine work to a capable AI agent and spend their time on what only people can do.',
  },
  {
    slot: 'about.values.innovation',
    sectionType: 'about',
    title: 'Innovation',
    content: 'We bring new AI capabilities to everyday business work as soon as they are dependable, not before.',
  },
  {
    slot: 'about.values.excellence',
    sectionType: 'about',
    title: 'Excellence',
    content: 'Every agent is built around a real task and held to the standard of a skilled colleague.',
  },
  {
    slot: 'about.values.collaboration',
    sectionType: 'about',
    title: 'Collaboration',
    content: 'We build with our customers and our community, and we share what we learn in our course.',
  },
  {
    slot: 'courses.intro',
    sectionType: 'hero',
    title: 'Courses',
    content: 'Learn to use and build AI agents for your business, with a community of founders and teams learning alongside you.',
  },
  {
    slot: 'models.intro',
    sectionType: 'hero',
    title: 'Our AI Agents',
    content: 'Agents for meeting preparation, startup brainstorming, founder thought partnership, image generation and more. Higher plans unlock more agents.',
  },
];

export const SEED_CONTENT: Array<ContentSectionInput & { slot: string }> = SECTIONS.map((section) => ({ ...section, format: 'markdown', isActive: true }));

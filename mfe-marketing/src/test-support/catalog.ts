import type { Agent, CommunityOffer, ContentSection, Course, DiscussionComment } from '@agentdock/contracts';

const STAMP = '2025-08-14T10:00:00.000Z';

export function agentFixture(overrides: Partial<Agent> = {}): Agent {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    key: 'meeting-prep',
    name: 'Meeting Prep',
    description: 'Prepares you for any meeting.',
    features: ['Attendee research', 'Agenda drafting'],
    useCase: 'Walk into a sales call prepared.',
    tier: 'free',
    isActive: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function courseFixture(overrides: Partial<Course> = {}): Course {
  return {
    id: 'ai-fundamentals',
    title: 'AI Fundamentals',
    description: 'The foundations of AI for business.',
    fullDescription: 'A complete introduction to AI for business owners.',
    estimatedDuration: '2 weeks',
    level: 'Beginner',
    students: 1250,
    completionRate: 0.64,
    priceMinor: 2_500,
    currency: 'usd',
    billing: 'monthly',
    archived: false,
    image: '',
    instructor: { name: 'Dana Reyes', role: 'AI educator', image: '' },
    modules: [
      { title: 'What AI can do', lessons: ['Models and agents', 'Limits and risks'] },
      { title: 'Your first agent', lessons: ['Prompting', 'Tools'] },
    ],
    whatYouGet: ['Certificate of completion', 'Monthly access', 'Community support', 'Hands-on exercises'],
    ...overrides,
  };
}

export function communityFixture(overrides: Partial<CommunityOffer> = {}): CommunityOffer {
  return {
    title: 'AI Community Course',
    priceMinor: 5_000,
    currency: 'usd',
    learnings: ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'].map((word) => `Lesson ${word}`),
    inviteUrl: 'https://discord.gg/agentdock',
    members: 312,
    ...overrides,
  };
}

let sectionCount = 0;

export function sectionFixture(overrides: Partial<ContentSection> = {}): ContentSection {
  sectionCount += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sectionCount).padStart(12, '0')}`,
    title: 'Put AI agents to work for your business',
    sectionType: 'hero',
    slot: 'home.hero',
    format: 'html',
    content: '<p>Ready-made agents.</p>',
    html: '<p>Ready-made agents.</p>',
    isActive: true,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function commentFixture(overrides: Partial<DiscussionComment> = {}): DiscussionComment {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    courseId: 'ai-fundamentals',
    authorId: '00000000-0000-4000-8000-0000000000a1',
    authorName: 'Ada Lovelace',
    body: 'Loving module one.',
    createdAt: STAMP,
    ...overrides,
  };
}

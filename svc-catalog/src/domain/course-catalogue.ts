import { type CommunityOffer, COMMUNITY_COURSE_ID, COMMUNITY_INVITE_URL, type CourseDefinition, type CourseInput, COURSE_MONTHLY_PRICES } from '@agentdock/contracts';
import { courseAsset } from './assets';

/** A course as first shipped: its modules list the titles of the lessons seeded under them. */
export type SeedCourse = Omit<CourseDefinition, 'billing' | 'archived' | 'level'> & { level: CourseInput['level'] };

const WHAT_YOU_GET = [
  'Certificate of completion',
  'Monthly access to every lesson and update',
  'Community support from instructors and fellow learners',
  'Hands-on exercises built on real business cases',
];

/**
 * The four courses the platform first sold, in the order the courses page lists them. Each is
 * stored once per database (monthly, as they were sold) with its id, so the enrolments, lessons,
 * comments and certificates that refer to it keep working; afterwards the console edits them.
 */
export const SEED_COURSES: readonly SeedCourse[] = [
  {
    id: 'ai-fundamentals',
    title: 'AI Fundamentals for Business',
    description: 'Understand what AI agents can and cannot do for your business, and start using them with confidence.',
    fullDescription:
      'A practical introduction for founders, managers and teams. You learn how large language models and AI agents work, ' +
      'how to write prompts that give reliable results, and how to pick the first tasks in your business worth handing to an agent. ' +
      'No technical background needed.',
    estimatedDuration: '2 weeks',
    level: 'Beginner',
    ...COURSE_MONTHLY_PRICES['ai-fundamentals'],
    image: courseAsset('courses/ai-fundamentals.svg'),
    instructor: { name: 'Maya Chen', role: 'AI Strategy Lead', image: courseAsset('instructors/maya-chen.svg') },
    modules: [
      { title: 'How AI agents work', lessons: ['What a language model is', 'From chatbots to agents', 'Strengths, limits and costs'] },
      { title: 'Prompting that works', lessons: ['Giving context and a goal', 'Examples and formats', 'Checking and refining answers'] },
      { title: 'AI in your business', lessons: ['Finding the first use cases', 'Meeting preparation with an agent', 'Privacy and responsible use'] },
    ],
    whatYouGet: WHAT_YOU_GET,
  },
  {
    id: 'build-ai-agents',
    title: 'Build Your Own AI Agents',
    description: 'Design, build and test AI agents that handle real tasks in your business, step by step.',
    fullDescription:
      'A hands-on course for builders. You design an agent around one business task, give it instructions, knowledge and tools, ' +
      'test it against real cases and put it in front of your team. Each week ends with a working agent you keep.',
    estimatedDuration: '4 weeks',
    level: 'Intermediate',
    ...COURSE_MONTHLY_PRICES['build-ai-agents'],
    image: courseAsset('courses/build-ai-agents.svg'),
    instructor: { name: 'Daniel Okafor', role: 'Agent Engineer', image: courseAsset('instructors/daniel-okafor.svg') },
    modules: [
      { title: 'Designing an agent', lessons: ['Choosing one task to automate', 'Writing the agent brief', 'Defining success'] },
      { title: 'Knowledge and tools', lessons: ['Adding your documents', 'Connecting tools and actions', 'Generating images'] },
      { title: 'Testing and improving', lessons: ['Building a test set', 'Reading failures', 'Iterating on instructions'] },
      { title: 'Going live', lessons: ['Rolling out to your team', 'Measuring usage and cost', 'Maintaining your agent'] },
    ],
    whatYouGet: WHAT_YOU_GET,
  },
  {
    id: 'advanced-implementation',
    title: 'Advanced AI Implementation',
    description: 'Take AI agents from pilot to production across teams, with governance, integration and measurable results.',
    fullDescription:
      'For teams that already use AI and want it to scale. You plan integrations with your existing systems, set up review and ' +
      'governance, control costs and measure the return of every agent. Work through it at your own pace with the community.',
    estimatedDuration: 'Personal pace',
    level: 'Advanced',
    ...COURSE_MONTHLY_PRICES['advanced-implementation'],
    image: courseAsset('courses/advanced-implementation.svg'),
    instructor: { name: 'Sofia Lindqvist', role: 'Solutions Architect', image: courseAsset('instructors/sofia-lindqvist.svg') },
    modules: [
      { title: 'Architecture for AI', lessons: ['Integrating agents with your systems', 'Data access and security', 'Choosing models and providers'] },
      { title: 'Governance', lessons: ['Review and approval flows', 'Quality monitoring', 'Policies your team can follow'] },
      { title: 'Scaling up', lessons: ['Cost control and credits', 'Measuring return on investment', 'Change management'] },
    ],
    whatYouGet: WHAT_YOU_GET,
  },
  {
    id: 'customer-service',
    title: 'AI for Customer Service',
    description: 'Answer customers faster and better with AI agents that draft replies, triage requests and know your products.',
    fullDescription:
      'Built for support leads and small teams. You set up an agent that drafts replies in your tone, triages incoming requests ' +
      'and answers from your own help content, and you learn when a human must step in. Includes templates you can use the same day.',
    estimatedDuration: '4 weeks',
    level: 'Intermediate',
    ...COURSE_MONTHLY_PRICES['customer-service'],
    image: courseAsset('courses/customer-service.svg'),
    instructor: { name: 'James Patel', role: 'Customer Experience Consultant', image: courseAsset('instructors/james-patel.svg') },
    modules: [
      { title: 'Support with AI', lessons: ['Where AI helps customers', 'Tone of voice and brand', 'Setting expectations'] },
      { title: 'Your support agent', lessons: ['Answering from your help content', 'Drafting replies for review', 'Triage and routing'] },
      { title: 'Running it well', lessons: ['Escalating to a human', 'Measuring satisfaction', 'Improving answers every week'] },
    ],
    whatYouGet: WHAT_YOU_GET,
  },
];

/** The $50/month community course on /courses, before its member count is added. */
export const COMMUNITY_OFFER: Omit<CommunityOffer, 'members'> = {
  title: 'AI Agents Community Course',
  ...COURSE_MONTHLY_PRICES[COMMUNITY_COURSE_ID],
  learnings: [
    'How AI agents work and where they fit in your business',
    'Writing prompts that give reliable, useful results',
    'Preparing meetings and research with AI agents',
    'Brainstorming and testing startup ideas with AI',
    'Creating images and marketing visuals with AI',
    'Automating repetitive work with agents',
    'Choosing the right agent for each task',
    'Using AI responsibly: privacy, accuracy and review',
  ],
  inviteUrl: COMMUNITY_INVITE_URL,
};

/** A seed course as the console would create it. */
export function seedCourseInput(course: SeedCourse): CourseInput {
  const { id: _id, modules, ...fields } = course;
  return { ...fields, billing: 'monthly', modules: modules.map((module) => module.title) };
}

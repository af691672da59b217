import { TEXT } from './site';

export interface PublicPage {
  path: string;
  heading: string;
  /** Document title, site name included. */
  title: string;
  /** The meta description, when it is not the route table's. */
  description?: string;
}

/** The course page the public-page tests visit. */
export const PUBLIC_COURSE_ID = 'build-ai-agents';

/** The marketing remote's public pages: heading and document title of each. */
export const MARKETING_PAGES: readonly PublicPage[] = [
  { path: '/', heading: TEXT.homeHeading, title: 'AI agents for your business · Agentdock' },
  { path: '/pricing', heading: TEXT.pricingHeading, title: 'Pricing · Agentdock' },
  { path: '/courses', heading: 'Courses', title: 'Courses · Agentdock' },
  { path: `/courses/${PUBLIC_COURSE_ID}`, heading: 'Build Your Own AI Agents', title: 'Build Your Own AI Agents · Agentdock' },
  { path: '/models', heading: 'Our AI Agents', title: 'Our AI Agents · Agentdock' },
  { path: '/about', heading: 'About', title: 'About · Agentdock' },
  { path: '/our-story', heading: 'Our Story', title: 'Our Story · Agentdock' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service · Agentdock' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy · Agentdock' },
  { path: '/contact', heading: 'Contact', title: 'Contact · Agentdock' },
];

/** Every page a signed-out visitor can open: the marketing pages and the account remote's two. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  ...MARKETING_PAGES,
  { path: '/signin', heading: 'Welcome back!', title: 'Sign In · Agentdock' },
  { path: '/signup', heading: 'Create your account', title: 'Sign Up · Agentdock' },
];

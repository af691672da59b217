/**
 * Each route's meta description, apart from the route table: a browser needs none of them for the
 * page the server rendered (its HTML has its description), so they load with the first page it
 * renders itself (remote-page.tsx) instead of with every first view.
 */
export const ROUTE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/': 'Subscription access to AI agents for business: meeting prep, startup brainstorming, a founder thought partner and image generation, plus an AI course and community.',
  '/pricing': 'Compare Agentdock plans: Free, Starter, Pro and Enterprise, billed monthly or annually (save up to 15%).',
  '/courses': 'Learn to use and build AI agents for your business: courses, a $50/month community course and a Discord community.',
  '/courses/:courseId': 'Course details: modules and lessons, instructor, duration, level and what you get.',
  '/courses/:courseId/discussion': 'Members-only discussion for enrolled course members.',
  '/courses/:courseId/lessons/:lessonId': 'A lesson of an Agentdock course: text, video and exercise.',
  '/certificates/:code': 'Check that an Agentdock certificate of completion is genuine.',
  '/models': 'The Agentdock AI agent catalogue: what each agent does, its features and use cases, and the plan it comes with.',
  '/about': 'About Agentdock: our mission and our core values of innovation, excellence and collaboration.',
  '/our-story': 'How Agentdock began in 2024 and where we are going: our timeline and goals.',
  '/terms': 'The Agentdock Terms of Service.',
  '/privacy': 'The Agentdock Privacy Policy: what we collect, why, and your rights.',
  '/contact': 'Contact Agentdock: email support, our community chat, or send us a message.',
  '/signin': 'Sign in to your Agentdock account.',
  '/signup': 'Create your Agentdock account.',
  '/forgot-password': 'Reset the password of your Agentdock account.',
  '/reset-password': 'Choose a new password for your Agentdock account.',
  '/auth/callback': 'Completing authentication.',
  '/dashboard': 'Your Agentdock dashboard: credits, usage, account and subscription.',
  '/manage-subscription': 'Manage your Agentdock subscription and billing.',
  '/dashboard/api-keys': 'Create and revoke API keys and call your Agentdock agents from code with any OpenAI-compatible client.',
  '/dashboard/team': 'Your team on Agentdock: members, roles, invitations and activity.',
  '/team/join': 'Join a team on Agentdock.',
  '/chat/*': 'Chat with your Agentdock AI agents.',
  '/admin': 'The Agentdock admin console.',
};

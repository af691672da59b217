import type { RemotePages } from '@agentdock/ui';

/** Exposed as './pages'; the shell's route table refers to these names. */
export const pages = {
  Home: () => import('./home/home-page'),
  Pricing: () => import('./pricing/pricing-page'),
  Courses: () => import('./courses/courses-page'),
  CourseDetail: () => import('./courses/course-detail-page'),
  CourseDiscussion: () => import('./courses/course-discussion-page'),
  Models: () => import('./models/models-page'),
  About: () => import('./company/about-page'),
  OurStory: () => import('./company/our-story-page'),
  Terms: () => import('./company/terms-page'),
  Privacy: () => import('./company/privacy-page'),
  Contact: () => import('./contact/contact-page'),
} satisfies RemotePages;

import type { PageLoader, RemotePages } from '@agentdock/ui';
import { loadSiteContent } from './content/content-sections';
import { withSiteContent } from './content/with-site-content';
import { seedFromServer } from './ssr/hydrate-seed';

seedFromServer();

/**
 * Pages whose header and blocks are the operator's texts wait for them before their first frame;
 * the texts are fetched alongside the page's code, not after it. (A failed fetch is reported by the
 * page's blocks, which ask again.)
 */
const withTexts =
  (load: PageLoader): PageLoader =>
  () => {
    loadSiteContent().catch(() => undefined);
    return load().then((module) => ({ default: withSiteContent(module.default) }));
  };

/** Exposed as './pages'; the shell's route table refers to these names. */
export const pages = {
  Home: withTexts(() => import('./home/home-page')),
  Pricing: withTexts(() => import('./pricing/pricing-page')),
  Courses: withTexts(() => import('./courses/courses-page')),
  CourseDetail: () => import('./courses/course-detail-page'),
  CourseDiscussion: () => import('./courses/course-discussion-page'),
  Lesson: () => import('./courses/lesson-page'),
  Certificate: () => import('./courses/certificate-page'),
  Models: withTexts(() => import('./models/models-page')),
  About: withTexts(() => import('./company/about-page')),
  OurStory: () => import('./company/our-story-page'),
  Terms: () => import('./company/terms-page'),
  Privacy: () => import('./company/privacy-page'),
  Contact: () => import('./contact/contact-page'),
} satisfies RemotePages;

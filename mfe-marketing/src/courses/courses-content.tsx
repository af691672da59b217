import type { CommunityOffer, Course } from '@agentdock/contracts';
import { Card, Container, ErrorState, LoadingBlock } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import { loadMarketingApi } from '../api/load-marketing-api';
import { ContentPageHeader } from '../content/content-page-header';
import { CatalogList, type CatalogListSkeleton } from '../shared/catalog-list';
import { useResource, type Resource } from '../shared/use-resource';
import { RESOURCE_KEYS } from '../ssr/resource-keys';
import { CommunityOfferSection, CommunityStats } from './community-offer';
import { coursePrice } from './format';

export function CoursesContent() {
  const [offer, retryOffer] = useResource(RESOURCE_KEYS.communityOffer, (signal) => loadMarketingApi().then((api) => api.getCommunity({ signal })));
  const [courses, retryCourses] = useResource(RESOURCE_KEYS.courses, (signal) => loadMarketingApi().then((api) => api.getCourses({ signal })));

  return (
    <>
      <div className="mk-banner">
        <ContentPageHeader eyebrow="AI course" slot="courses.intro" fallbackTitle="Courses" />
      </div>
      <Container className="ad-section ad-section--flush-top mk-courses">
        {offer.status === 'loading' || courses.status === 'loading' ? (
          // Both arrive within moments of each other: showing them together keeps the grid from
          // being pushed down when the community offer above it lands.
          <LoadingBlock label="Loading courses…" />
        ) : (
          <>
            <Offer state={offer} onRetry={retryOffer} />
            <section aria-labelledby="courses-title">
              <h2 id="courses-title">Choose a course</h2>
              <CourseGrid state={courses} onRetry={retryCourses} />
            </section>
          </>
        )}
      </Container>
    </>
  );
}

function Offer({ state, onRetry }: { state: Resource<CommunityOffer>; onRetry: () => void }) {
  if (state.status === 'loading') return <LoadingBlock label="Loading the community course…" />;
  if (state.status === 'failed') {
    return <ErrorState title="The community course is unavailable right now" message="Please try again in a moment." onRetry={onRetry} />;
  }
  return (
    <>
      <CommunityOfferSection offer={state.data} />
      <CommunityStats members={state.data.members} />
    </>
  );
}

const COURSE_SKELETON: CatalogListSkeleton = {
  gridClassName: 'ad-grid',
  count: 4,
  label: 'Loading courses…',
  lines: [{ width: '60%', height: '1.4rem' }, {}, { width: '70%' }],
};

function CourseGrid({ state, onRetry }: { state: Resource<Course[]>; onRetry: () => void }) {
  return (
    <CatalogList
      state={state}
      onRetry={onRetry}
      skeleton={COURSE_SKELETON}
      headingLevel={3}
      failedTitle="Courses are unavailable right now"
      emptyText="No courses are open right now. Please check back soon."
    >
      {(courses) => (
        <ul className="ad-grid ad-plain-list">
          {courses.map((course) => (
            <Card as="li" key={course.id} className="mk-course-card">
              {course.image && <img className="mk-course-card__image" src={course.image} alt="" loading="lazy" />}
              <h3 className="ad-card__title">
                <Link to={`/courses/${encodeURIComponent(course.id)}`}>{course.title}</Link>
              </h3>
              <p className="ad-muted">{course.description}</p>
              <p className="mk-course-card__meta">
                <span>{course.level}</span>
                <span aria-hidden="true">·</span>
                <span>{course.estimatedDuration}</span>
              </p>
              <p className="mk-course-card__price">{coursePrice(course)}</p>
            </Card>
          ))}
        </ul>
      )}
    </CatalogList>
  );
}

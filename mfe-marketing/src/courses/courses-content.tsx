import type { CommunityOffer, Course } from '@agentdock/contracts';
import { Card, Container, ErrorState, LoadingBlock, Skeleton } from '@agentdock/ui';
import { Link } from 'react-router-dom';
import { marketingApi } from '../api/marketing-api';
import { ContentPageHeader } from '../content/content-page-header';
import { useResource, type Resource } from '../shared/use-resource';
import { CommunityOfferSection, CommunityStats } from './community-offer';
import { perMonth } from './format';

export function CoursesContent() {
  const [offer, retryOffer] = useResource('community offer', (signal) => marketingApi.getCommunity({ signal }));
  const [courses, retryCourses] = useResource('courses', (signal) => marketingApi.getCourses({ signal }));

  return (
    <>
      <div className="mk-banner">
        <ContentPageHeader eyebrow="AI course" slot="courses.intro" fallbackTitle="Courses" />
      </div>
      <Container className="ad-section ad-section--flush-top mk-courses">
        <Offer state={offer} onRetry={retryOffer} />
        <section aria-labelledby="courses-title">
          <h2 id="courses-title">Choose a course</h2>
          <CourseGrid state={courses} onRetry={retryCourses} />
        </section>
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
      <CommunityStats stats={state.data.stats} />
    </>
  );
}

function CourseGrid({ state, onRetry }: { state: Resource<Course[]>; onRetry: () => void }) {
  if (state.status === 'loading') {
    return (
      <div className="ad-grid" aria-busy="true">
        <span className="ad-visually-hidden" role="status">
          Loading courses…
        </span>
        {[0, 1, 2, 3].map((index) => (
          <Card key={index} aria-hidden="true">
            <Skeleton width="60%" height="1.4rem" />
            <Skeleton />
            <Skeleton width="70%" />
          </Card>
        ))}
      </div>
    );
  }
  if (state.status === 'failed') {
    return <ErrorState headingLevel={3} title="Courses are unavailable right now" message="Please try again in a moment." onRetry={onRetry} />;
  }
  if (state.data.length === 0) return <p className="mk-empty">No courses are open right now. Please check back soon.</p>;
  return (
    <ul className="ad-grid ad-plain-list">
      {state.data.map((course) => (
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
          <p className="mk-course-card__price">{perMonth(course.price)}</p>
        </Card>
      ))}
    </ul>
  );
}

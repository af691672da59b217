import { COMMUNITY_COURSE_ID, COURSE_IDS, COURSE_MONTHLY_PRICES } from '@agentdock/contracts';
import { COMMUNITY_OFFER } from './course-catalogue';
import { getCourse, listCourses } from './courses';
import { CatalogError } from './errors';

describe('course lookup', () => {
  it('lists the four fixed courses in the spec order', () => {
    expect(listCourses().map((course) => course.id)).toEqual([...COURSE_IDS]);
  });

  it('finds a course by id with the spec price', () => {
    expect(getCourse('build-ai-agents')).toMatchObject({ id: 'build-ai-agents', priceMinor: 15_000, currency: 'usd' });
    expect(COURSE_IDS.map((id) => getCourse(id).priceMinor)).toEqual([2_500, 15_000, 7_000, 10_000]);
  });

  it('shows the price billing charges: the one in the contracts', () => {
    for (const id of COURSE_IDS) expect({ priceMinor: getCourse(id).priceMinor, currency: getCourse(id).currency }).toEqual(COURSE_MONTHLY_PRICES[id]);
    expect({ priceMinor: COMMUNITY_OFFER.priceMinor, currency: COMMUNITY_OFFER.currency }).toEqual(COURSE_MONTHLY_PRICES[COMMUNITY_COURSE_ID]);
  });

  it.each(['unknown', '', 'AI-FUNDAMENTALS', 'ai-fundamentals/'])('refuses %j with course_not_found and the page text', (id) => {
    const failure = (() => {
      try {
        getCourse(id);
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(CatalogError);
    expect(failure).toMatchObject({ status: 404, code: 'course_not_found', message: 'Course Not Found' });
  });

  it('gives every course the spec durations, modules with lessons and what you get', () => {
    for (const course of listCourses()) {
      expect(['2 weeks', '4 weeks', 'Personal pace']).toContain(course.estimatedDuration);
      expect(course.modules.length).toBeGreaterThan(0);
      for (const courseModule of course.modules) expect(courseModule.lessons.length).toBeGreaterThan(0);
      expect(course.whatYouGet.join(' ')).toMatch(/certificate/i);
    }
  });
});

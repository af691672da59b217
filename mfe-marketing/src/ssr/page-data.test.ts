import { agentFixture, courseFixture, communityFixture, sectionFixture } from '../test-support/catalog';
import { seededPlansFixture } from '@agentdock/contracts/testing';
import { preparePage } from './page-data';

const API = 'http://gateway.test';

/** A gateway that answers from `routes` (path → JSON body) and 404 otherwise, recording each request. */
function gateway(routes: Record<string, unknown>) {
  const requested: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    requested.push(`${url.origin}${url.pathname}`);
    const body = routes[url.pathname];
    if (body === undefined)
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'No such thing', requestId: 'r' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, requested };
}

const sections = [sectionFixture({ slot: 'pricing.intro' })];

describe('preparePage', () => {
  it('fetches the texts and plans of the pricing page from the gateway, keyed as the page reads them', async () => {
    const plans = seededPlansFixture();
    const { fetchImpl, requested } = gateway({ '/api/catalog/content': { sections }, '/api/catalog/plans': { plans } });
    const prepared = await preparePage('Pricing', {}, API, fetchImpl);
    expect(prepared).toEqual({ data: { content: sections, resources: { plans } } });
    expect(requested.sort()).toEqual([`${API}/api/catalog/content`, `${API}/api/catalog/plans`]);
  });

  it('gives the models and courses pages their lists', async () => {
    const agents = [agentFixture()];
    const courses = [courseFixture()];
    const offer = communityFixture();
    const { fetchImpl } = gateway({
      '/api/catalog/content': { sections },
      '/api/catalog/agents': { agents },
      '/api/catalog/courses': { courses },
      '/api/catalog/community': offer,
    });
    await expect(preparePage('Models', {}, API, fetchImpl)).resolves.toEqual({ data: { content: sections, resources: { agents } } });
    await expect(preparePage('Courses', {}, API, fetchImpl)).resolves.toEqual({ data: { content: sections, resources: { courses, 'community offer': offer } } });
  });

  it("titles a course page with the course's own name, and renders an unknown course as not found", async () => {
    const course = courseFixture({ id: 'build-ai-agents', title: 'Build Your Own AI Agents', description: 'Hands-on.' });
    const { fetchImpl } = gateway({ '/api/catalog/courses/build-ai-agents': course });
    await expect(preparePage('CourseDetail', { courseId: 'build-ai-agents' }, API, fetchImpl)).resolves.toEqual({
      data: { resources: { 'course build-ai-agents': course } },
      head: { title: 'Build Your Own AI Agents', description: 'Hands-on.' },
    });
    await expect(preparePage('CourseDetail', { courseId: 'missing' }, API, fetchImpl)).resolves.toEqual({ data: { resources: { 'course missing': null } } });
  });

  it('gives a course page its outline, keyed as the page reads it, so the browser need not fetch it', async () => {
    const course = courseFixture({ id: 'build-ai-agents' });
    const outline = {
      courseId: 'build-ai-agents',
      modules: [{ title: 'Basics', lessons: [{ id: '0b7f3a52-2c1e-4d3b-9a57-6f1d2e3c4b5a', moduleIndex: 0, title: 'What an agent is', estimatedMinutes: 5, isPreview: true }] }],
    };
    const { fetchImpl, requested } = gateway({ '/api/catalog/courses/build-ai-agents': course, '/api/catalog/courses/build-ai-agents/outline': outline });
    const prepared = await preparePage('CourseDetail', { courseId: 'build-ai-agents' }, API, fetchImpl);
    expect(prepared?.data.resources).toEqual({ 'course build-ai-agents': course, 'outline build-ai-agents': outline });
    expect(requested.sort()).toEqual([`${API}/api/catalog/courses/build-ai-agents`, `${API}/api/catalog/courses/build-ai-agents/outline`]);
  });

  it('needs nothing for the static pages and declines members-only pages', async () => {
    const { fetchImpl, requested } = gateway({});
    await expect(preparePage('Terms', {}, API, fetchImpl)).resolves.toEqual({ data: { resources: {} } });
    await expect(preparePage('CourseDiscussion', { courseId: 'x' }, API, fetchImpl)).resolves.toBeNull();
    expect(requested).toEqual([]);
  });

  it('fails when the catalog does, so the plain shell is served', async () => {
    const { fetchImpl } = gateway({ '/api/catalog/content': { sections } });
    await expect(preparePage('Pricing', {}, API, fetchImpl)).rejects.toThrow();
  });
});

import { courseCompletedV1 } from '@agentdock/contracts';
import { emailOnceFor, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('course completion email', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it("congratulates the learner once per event, with the certificate's page and LinkedIn's add and share links", async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const completion = {
      userId: session.user.id,
      courseId: 'ai-fundamentals',
      courseTitle: 'AI Fundamentals for Business',
      certificateCode: 'K7PD-3XQM-9TBA',
      completedAt: '2026-11-25T10:00:00.000Z',
    };
    const message = await emailOnceFor(identity, courseCompletedV1, completion, email, /You completed AI Fundamentals for Business/);
    expect(message.text).toContain('Congratulations! You completed every lesson of AI Fundamentals for Business.');
    const certificateUrl = 'http://localhost:3000/certificates/K7PD-3XQM-9TBA';
    expect(message.links[0]).toBe(certificateUrl);
    const add = new URL(message.links[1]!);
    expect(`${add.origin}${add.pathname}`).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(add.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'AI Fundamentals for Business',
      organizationName: 'Agentdock',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: certificateUrl,
      certId: 'K7PD-3XQM-9TBA',
    });
    const share = new URL(message.links[2]!);
    expect(share.searchParams.get('url')).toBe(certificateUrl);
  });
});

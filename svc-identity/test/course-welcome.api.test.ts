import { courseWelcomeV1 } from '@agentdock/contracts';
import { emailOnceFor, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('course welcome email', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('emails the new member once per event, linking to the first lesson', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const message = await emailOnceFor(
      identity,
      courseWelcomeV1,
      {
        userId: session.user.id,
        courseId: 'ai-fundamentals',
        courseTitle: 'AI Fundamentals for Business',
        firstLessonTitle: 'What a language model is',
        firstLessonPath: '/courses/ai-fundamentals/lessons/0b7f3c1e-0000-4000-8000-000000000001',
      },
      email,
      /Welcome to AI Fundamentals for Business/,
    );
    expect(message.text).toContain('Your membership is active.');
    expect(message.text).toContain('Start with "What a language model is"');
    expect(message.links).toEqual(['http://localhost:3000/courses/ai-fundamentals/lessons/0b7f3c1e-0000-4000-8000-000000000001']);
  });
});

import { randomUUID } from 'node:crypto';
import { courseWelcomeV1 } from '@agentdock/contracts';
import { latestEmail, mailbox, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('course welcome email', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('emails the new member once per event, linking to the first lesson', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const envelope = {
      id: randomUUID(),
      type: courseWelcomeV1.type,
      version: courseWelcomeV1.version,
      occurredAt: new Date().toISOString(),
      source: 'svc-catalog',
      data: {
        userId: session.user.id,
        courseId: 'ai-fundamentals',
        courseTitle: 'AI Fundamentals for Business',
        firstLessonTitle: 'What a language model is',
        firstLessonPath: '/courses/ai-fundamentals/lessons/0b7f3c1e-0000-4000-8000-000000000001',
      },
    };
    await identity.bus.bus.publish(courseWelcomeV1.subject, envelope);
    await identity.bus.bus.publish(courseWelcomeV1.subject, envelope);
    const message = await latestEmail(identity.url, email, /Welcome to AI Fundamentals for Business/);
    expect(message.text).toContain('Your membership is active.');
    expect(message.text).toContain('Start with "What a language model is"');
    expect(message.links).toEqual(['http://localhost:3000/courses/ai-fundamentals/lessons/0b7f3c1e-0000-4000-8000-000000000001']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = await mailbox(identity.url).query({ to: email });
    expect(all.body.messages.filter((entry: { subject: string }) => /Welcome to/.test(entry.subject))).toHaveLength(1);
  });
});

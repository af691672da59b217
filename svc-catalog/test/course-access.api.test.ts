import { randomUUID } from 'node:crypto';
import { courseAccessGrantedV1, courseAccessRevokedV1, courseWelcomeV1, type EventDefinition } from '@agentdock/contracts';
import { and, asc, eq } from '@agentdock/service-data/orm';
import { eventually } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestService } from '@agentdock/service-data/testing';
import type { z } from 'zod';
import { type CatalogSchema, communityMembers, courseCertificates, courseEnrolments, courseLessons, endedCourseSubscriptions } from '../src/db/schema';
import { MIN_MEMBERS_FOR_COMPLETION_RATE, readPublicFigures } from '../src/domain/course-figures';
import { catalogService } from '../src/index';

describe('course subscriptions become enrolments', () => {
  let bus: TestBus;
  let catalog: TestService<CatalogSchema>;
  beforeAll(async () => {
    bus = await createTestBus();
    catalog = await startTestService(catalogService, { bus: bus.bus });
  });
  afterAll(async () => {
    await catalog.cleanup();
    await bus.destroy();
  });

  const publish = <T extends string, D extends z.ZodType>(event: EventDefinition<T, D>, data: z.infer<D>) =>
    bus.bus.publish(event.subject, { id: randomUUID(), type: event.type, version: event.version, occurredAt: new Date().toISOString(), source: 'svc-billing', data });
  const enrolment = async (courseId: string, userId: string) =>
    (
      await catalog.context.db
        .select()
        .from(courseEnrolments)
        .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)))
    )[0];

  it('grants on an active subscription, asks identity to welcome the member once, and revokes at its end', async () => {
    const welcomes: Array<z.infer<typeof courseWelcomeV1.data>> = [];
    const subscription = await bus.bus.subscribe({
      durable: `welcome-${randomUUID().slice(0, 8)}`,
      subject: courseWelcomeV1.subject,
      handler: async (envelope) => {
        welcomes.push(courseWelcomeV1.envelope.parse(envelope).data);
      },
    });
    const userId = randomUUID();
    const access = { userId, courseId: 'build-ai-agents', subscriptionId: 'sub_course' };
    await publish(courseAccessGrantedV1, access);
    await publish(courseAccessGrantedV1, access);
    expect(await eventually(() => enrolment('build-ai-agents', userId))).toMatchObject({ source: 'subscription' });
    const [first] = await catalog.context.db
      .select()
      .from(courseLessons)
      .where(eq(courseLessons.courseId, 'build-ai-agents'))
      .orderBy(asc(courseLessons.moduleIndex), asc(courseLessons.position));
    const welcome = await eventually(async () => welcomes.find((data) => data.userId === userId));
    expect(welcome).toEqual({
      userId,
      courseId: 'build-ai-agents',
      courseTitle: 'Build Your Own AI Agents',
      firstLessonTitle: 'Choosing one task to automate',
      firstLessonPath: `/courses/build-ai-agents/lessons/${first!.id}`,
    });
    await subscription.stop();
    expect(welcomes.filter((data) => data.userId === userId)).toHaveLength(1);
    await publish(courseAccessRevokedV1, access);
    await eventually(async () => (await enrolment('build-ai-agents', userId)) === undefined || undefined);
  });

  it('enrols a one-time buyer as a purchase, which no subscription end takes back', async () => {
    const userId = randomUUID();
    const access = { userId, courseId: 'customer-service', subscriptionId: `cs_test_${randomUUID()}`, oneTime: true };
    await publish(courseAccessGrantedV1, access);
    expect(await eventually(() => enrolment('customer-service', userId))).toMatchObject({ source: 'purchase' });
    await publish(courseAccessRevokedV1, { userId, courseId: 'customer-service', subscriptionId: access.subscriptionId });
    await eventually(async () => (await catalog.context.db.select().from(endedCourseSubscriptions).where(eq(endedCourseSubscriptions.subscriptionId, access.subscriptionId)))[0]);
    expect(await enrolment('customer-service', userId)).toMatchObject({ source: 'purchase' });
  });

  it('ignores a grant that arrives after its subscription ended (the two travel on separate consumers)', async () => {
    const userId = randomUUID();
    const access = { userId, courseId: 'build-ai-agents', subscriptionId: `sub_${randomUUID()}` };
    await publish(courseAccessRevokedV1, access);
    await eventually(async () => (await catalog.context.db.select().from(endedCourseSubscriptions).where(eq(endedCourseSubscriptions.subscriptionId, access.subscriptionId)))[0]);
    await publish(courseAccessGrantedV1, access);
    // A later grant of another subscription on the same consumer: once applied, the late one was handled.
    await publish(courseAccessGrantedV1, { userId, courseId: 'customer-service', subscriptionId: `sub_${randomUUID()}` });
    await eventually(() => enrolment('customer-service', userId));
    expect(await enrolment('build-ai-agents', userId)).toBeUndefined();
  });

  it('keeps an admin grant when a subscription for the same course ends, and ignores the community box', async () => {
    const userId = randomUUID();
    await catalog.context.db.insert(courseEnrolments).values({ courseId: 'ai-fundamentals', userId, source: 'admin' });
    await publish(courseAccessRevokedV1, { userId, courseId: 'ai-fundamentals', subscriptionId: 'sub_x' });
    await publish(courseAccessGrantedV1, { userId, courseId: 'community', subscriptionId: 'sub_y' });
    // A later grant for a control course: once it is applied, the two before it were handled.
    await publish(courseAccessGrantedV1, { userId, courseId: 'customer-service', subscriptionId: 'sub_z' });
    await eventually(() => enrolment('customer-service', userId));
    expect(await enrolment('ai-fundamentals', userId)).toMatchObject({ source: 'admin' });
    expect(await enrolment('community', userId)).toBeUndefined();
  });

  it('counts community members from live community subscriptions: a grant adds one, its end removes it, a late grant adds none', async () => {
    const figures = () => readPublicFigures(catalog.context.db);
    const member = async (subscriptionId: string) => (await catalog.context.db.select().from(communityMembers).where(eq(communityMembers.subscriptionId, subscriptionId)))[0];
    const before = (await figures()).communityMembers;
    const first = { userId: randomUUID(), courseId: 'community', subscriptionId: `sub_${randomUUID()}` };
    const second = { userId: randomUUID(), courseId: 'community', subscriptionId: `sub_${randomUUID()}` };
    await publish(courseAccessGrantedV1, first);
    await publish(courseAccessGrantedV1, first);
    await publish(courseAccessGrantedV1, second);
    await eventually(() => member(second.subscriptionId));
    expect((await figures()).communityMembers).toBe(before + 2);

    await publish(courseAccessRevokedV1, first);
    await eventually(async () => ((await member(first.subscriptionId)) === undefined ? true : undefined));
    await publish(courseAccessGrantedV1, first);
    const later = { userId: randomUUID(), courseId: 'community', subscriptionId: `sub_${randomUUID()}` };
    await publish(courseAccessGrantedV1, later);
    await eventually(() => member(later.subscriptionId));
    expect((await figures()).communityMembers).toBe(before + 2);
    expect(await member(first.subscriptionId)).toBeUndefined();
  });

  it("gives a course's members and, from five members on, the share holding its certificate", async () => {
    const course = 'advanced-implementation';
    const enrol = async (withCertificate: boolean) => {
      const userId = randomUUID();
      await catalog.context.db.insert(courseEnrolments).values({ courseId: course, userId, source: 'admin' });
      if (withCertificate) {
        await catalog.context.db.insert(courseCertificates).values({ code: randomUUID().slice(0, 14), userId, courseId: course, courseTitle: 'x', learnerName: 'x' });
      }
    };
    const figuresOf = async () => (await readPublicFigures(catalog.context.db)).courses.get(course);
    const start = (await figuresOf())?.students ?? 0;
    expect(start).toBeLessThan(MIN_MEMBERS_FOR_COMPLETION_RATE - 1);
    // A certificate of someone no longer a member counts for nobody.
    await catalog.context.db.insert(courseCertificates).values({ code: randomUUID().slice(0, 14), userId: randomUUID(), courseId: course, courseTitle: 'x', learnerName: 'x' });
    await enrol(true);
    expect(await figuresOf()).toEqual({ students: start + 1, completionRate: null });
    while (((await figuresOf())?.students ?? 0) < MIN_MEMBERS_FOR_COMPLETION_RATE) await enrol(false);
    const { students, completionRate } = (await figuresOf())!;
    expect(students).toBe(MIN_MEMBERS_FOR_COMPLETION_RATE);
    expect(completionRate).toBeCloseTo(1 / MIN_MEMBERS_FOR_COMPLETION_RATE);
  });
});

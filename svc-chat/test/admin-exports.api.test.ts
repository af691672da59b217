import { randomUUID } from 'node:crypto';
import { parseCsv } from '@agentdock/service-data/testing';
import request from 'supertest';
import { chatWalletLedger } from '../src/db/schema';
import { ChatHarness, DRIVER, type User } from './harness';

const EXPORT = '/api/chat/admin/exports/ledger';
const RANGE = { from: '2026-08-01', to: '2026-08-02' };

describe(`svc-chat credit ledger export (${DRIVER})`, () => {
  let chat: ChatHarness;
  let admin: User;
  const customer = randomUUID();

  beforeAll(async () => {
    chat = await ChatHarness.start({});
    admin = await chat.user({ admin: true });
    const entry = (kind: string, planDelta: number, purchasedDelta: number, createdAt: string, reason: string | null = null) => ({
      userId: customer,
      kind,
      planDelta,
      purchasedDelta,
      reason,
      createdAt: new Date(createdAt),
    });
    await chat.db
      .insert(chatWalletLedger)
      .values([
        entry('grant', 50_000, 0, '2026-08-01T00:00:00Z'),
        entry('admin-adjustment', 2_500, 0, '2026-08-01T12:00:00Z', '+1 goodwill, outage'),
        entry('top-up', 0, 10_000, '2026-08-02T23:59:59Z'),
        entry('grant', 50_000, 0, '2026-07-31T23:59:59Z'),
        entry('grant', 50_000, 0, '2026-08-03T00:00:00Z'),
      ]);
  });
  afterAll(() => chat.close());

  it('streams the credit movements of the range, oldest first, named for the range', async () => {
    const answer = await request(chat.url).get(EXPORT).query(RANGE).set(admin.auth).expect(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="ledger-2026-08-01-to-2026-08-02.csv"');
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual(['Entry ID', 'User ID', 'Kind', 'Plan credits', 'Purchased credits', 'Reason', 'Reference', 'At']);
    expect(rows.map((row) => row.slice(1))).toEqual([
      [customer, 'grant', '50000', '0', '', '', '2026-08-01T00:00:00.000Z'],
      [customer, 'admin-adjustment', '2500', '0', `'+1 goodwill, outage`, '', '2026-08-01T12:00:00.000Z'],
      [customer, 'top-up', '0', '10000', '', '', '2026-08-02T23:59:59.000Z'],
    ]);
  });

  it('is for admins only', async () => {
    const user = await chat.user();
    await request(chat.url).get(EXPORT).query(RANGE).set(user.auth).expect(403);
    await request(chat.url).get(EXPORT).query(RANGE).expect(401);
    await request(chat.url).get(EXPORT).query({ from: '2026-08-02' }).set(admin.auth).expect(400);
  });
});
